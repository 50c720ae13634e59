package cli

import (
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// exitDocs is docs/exit-codes.md: the code table and, per command, the cells of the
// table of which codes each command can return.
type exitDocs struct {
	codes map[int]bool
	cells map[string][]string // command below capirepo → cells in the order of docsClasses
}

// docsClasses is the column order of the per-command table.
var docsClasses = []errClass{classFindings, classUsage, classInput, classRemote, classConflict, classInterrupt}

func readExitDocs(t *testing.T) exitDocs {
	d := exitDocs{codes: map[int]bool{}, cells: map[string][]string{}}
	for _, line := range strings.Split(readDoc(t, "exit-codes.md"), "\n") {
		cols := strings.Split(strings.Trim(line, "|"), "|")
		if !strings.HasPrefix(line, "| ") || len(cols) < 2 {
			continue
		}
		first := strings.TrimSpace(cols[0])
		if code, err := strconv.Atoi(first); err == nil && len(cols) == 2 {
			d.codes[code] = true
		}
		if len(cols) == len(docsClasses)+1 && strings.HasPrefix(first, "`") {
			for _, name := range strings.Split(first, ",") {
				d.cells[strings.Trim(strings.TrimSpace(name), "`")] = cols[1:]
			}
		}
	}
	return d
}

// TestExitDocsAgree: docs/exit-codes.md lists every exit code, has a row for every
// command, and marks a class "—" (does not apply) only where exitRows runs no scenario.
func TestExitDocsAgree(t *testing.T) {
	t.Parallel()
	d := readExitDocs(t)
	for _, c := range append(classes, exitClass{"ok", ExitOK, ""}) {
		if !d.codes[c.code] {
			t.Errorf("docs/exit-codes.md has no row for exit code %d (%s)", c.code, c.class)
		}
	}
	rows := map[string]exitRow{}
	for _, r := range exitRows() {
		rows[r.cmd] = r
	}
	walkCommands(newRoot(Env{}.streams()), func(c *cobra.Command) {
		if c.Runnable() { // groups are not (mirror is, and holds relink)
			checkExitRow(t, d, rows, strings.TrimPrefix(c.CommandPath(), "capirepo "))
		}
	})
}

func checkExitRow(t *testing.T, d exitDocs, rows map[string]exitRow, cmd string) {
	t.Helper()
	cells, ok := d.cells[cmd]
	if !ok {
		cells, ok = d.cells[strings.Fields(cmd)[0]] // completion bash → completion
	}
	if !ok {
		t.Errorf("docs/exit-codes.md has no row for %s", cmd)
		return
	}
	for i, class := range docsClasses {
		documentedNA := strings.HasPrefix(strings.TrimSpace(cells[i]), "—")
		if documentedNA && rows[cmd].cases[class] != nil {
			t.Errorf("%s/%s: docs/exit-codes.md says the class does not apply, exitRows has a scenario for it", cmd, class)
		}
	}
}
