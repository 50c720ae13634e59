package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	goldenfile "github.com/capirepo/capirepo/pkg/testsupport/golden"
)

// volatile are the parts of a report that differ between runs: test folders (as
// the test made them, and with symbolic links resolved) and loopback servers' ports.
func volatile() []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, tmp := range []string{os.TempDir(), realTemp()} {
		out = append(out, regexp.MustCompile(regexp.QuoteMeta(strings.TrimRight(tmp, "/"))+`/Test[^/"]*?/(\d{3})`))
	}
	return append(out, regexp.MustCompile(`127\.0\.0\.1:\d+`))
}

func realTemp() string {
	if r, err := filepath.EvalSymlinks(os.TempDir()); err == nil {
		return r
	}
	return os.TempDir()
}

// stable is report with its volatile parts replaced: $TMP/NNN and 127.0.0.1:PORT.
func stable(report string) string {
	res := volatile()
	for _, re := range res[:len(res)-1] {
		report = re.ReplaceAllString(report, "$$TMP/$1")
	}
	return res[len(res)-1].ReplaceAllString(report, "127.0.0.1:PORT")
}

// golden checks that report is one JSON document and, once stable, equals
// testdata/golden/<name>.json (go test ./pkg/cli -run TestJSONReports -update rewrites it).
func golden(t *testing.T, name, report string) {
	t.Helper()
	if !json.Valid([]byte(report)) {
		t.Fatalf("%s: stdout is not one JSON document:\n%s", name, report)
	}
	goldenfile.Check(t, filepath.Join("testdata", "golden", name+".json"), []byte(stable(report)))
}
