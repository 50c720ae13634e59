package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A publish that fails before it has a plan (here: --to is a file) prints no
// summary: "0 written, 0 replaced, ..." would read like a run that did nothing.
func TestPublishFailingBeforeThePlanPrintsNoSummary(t *testing.T) {
	t.Parallel()
	to := filepath.Join(t.TempDir(), "repo")
	if err := os.WriteFile(to, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"text", "json"} {
		code, out, errOut := runEnv(t, nil, "publish", "local", "--from", builtTiny(t), "--to", to, "--format", format)
		if code != ExitPublish || out != "" || !strings.Contains(errOut, to) {
			t.Errorf("--format %s: exit %d, stdout %q, stderr %q; want exit 4, no summary, the root named", format, code, out, errOut)
		}
	}
}
