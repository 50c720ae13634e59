package cli

import (
	"path/filepath"
	"strings"
	"testing"

	goldenfile "github.com/capirepo/capirepo/pkg/testsupport/golden"
	"github.com/capirepo/capirepo/pkg/testsupport/upgradefix"
)

// TestDiffMarkdownNotesGolden: capirepo diff -o markdown, from each upgrade fixture's
// last earlier release to its next one, writes the release notes under
// testdata/golden/notes/<case>.md (rewrite with -update and review): a removed CRD
// version under "Breaking for upgrades", a newly required variable under "New
// required variables", the identical pair as nothing changed.
func TestDiffMarkdownNotesGolden(t *testing.T) {
	t.Parallel()
	for _, c := range upgradefix.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			old, next := writeCase(t, c)
			prev := filepath.Join(old, upgradefix.Label, c.History[len(c.History)-1].Version)
			code, out, errOut := runEnv(t, nil, "diff", "-o", "markdown", prev, next)
			if code != ExitOK && code != ExitFindings {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			out = strings.ReplaceAll(out, filepath.Dir(filepath.Dir(old)), "$TMP")
			goldenfile.Check(t, filepath.Join("testdata", "golden", "notes", c.Name+".md"), []byte(out))
		})
	}
}
