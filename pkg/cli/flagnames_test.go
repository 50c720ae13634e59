package cli

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRenamedFlagsStillWork: every old flag name of renames() is a hidden alias on its
// command: giving it sets the current flag (value and Changed, so required flags see
// it) and prints the deprecation note on stderr, never on stdout.
func TestRenamedFlagsStillWork(t *testing.T) {
	t.Parallel()
	for _, r := range renames() {
		t.Run(r.command+" --"+r.old, func(t *testing.T) {
			t.Parallel()
			var out, errOut bytes.Buffer
			root := newRoot(Env{Stdout: &out, Stderr: &errOut}.streams())
			cmd, _, err := root.Find(strings.Fields(r.command))
			if err != nil {
				t.Fatal(err)
			}
			old, cur := cmd.Flags().Lookup(r.old), cmd.Flags().Lookup(r.name)
			if old == nil || cur == nil || !old.Hidden || cur.Hidden {
				t.Fatalf("want hidden --%s beside visible --%s: %v %v", r.old, r.name, old, cur)
			}
			value := map[string]string{"string": "json", "bool": "true", "int": "3"}[cur.Value.Type()]
			args := []string{"--" + r.old + "=" + value}
			if err := cmd.ParseFlags(args); err != nil {
				t.Fatal(err)
			}
			if !cur.Changed || cur.Value.String() != value {
				t.Errorf("%v: --%s = %q (given: %v), want %q", args, r.name, cur.Value.String(), cur.Changed, value)
			}
			note := fmt.Sprintf("Flag --%s has been deprecated, use ", r.old)
			if !strings.Contains(errOut.String(), note) || !strings.Contains(errOut.String(), "--"+r.name+" instead") || out.Len() > 0 {
				t.Errorf("stderr %q, stdout %q: want the deprecation note on stderr only", errOut.String(), out.String())
			}
		})
	}
}

// TestRenamedFlagsEndToEnd: commands given old names run as with the current ones.
func TestRenamedFlagsEndToEnd(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	code, stdout, stderr := run(t, "lint", "--format", "json", dist)
	if code != ExitOK || !strings.HasPrefix(stdout, "[") || !strings.Contains(stderr, "Flag --format has been deprecated, use -o/--output instead") {
		t.Errorf("lint --format json: exit %d\n%s\n%s", code, stdout, stderr)
	}
	to := t.TempDir()
	code, stdout, stderr = run(t, "publish", "local", "--from", dist, "--to", to, "--force", "--format", "json")
	if code != ExitOK || !strings.Contains(stdout, `"action": "written"`) || !strings.Contains(stderr, "use --replace instead") {
		t.Errorf("publish local --force --format json: exit %d\n%s\n%s", code, stdout, stderr)
	}
	gl := newGitLab(t)
	code, stdout, stderr = runEnv(t, map[string]string{"GITLAB_TOKEN": glSecret}, "publish", "gitlab", "--from", dist, "--url", gl.URL, "--project", glProject, "--dry-run")
	if code != ExitOK || !strings.Contains(stderr, "use --gitlab-url instead") {
		t.Errorf("publish gitlab --url (required --gitlab-url): exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestRenamesResolve: every rename names a command with the current flag, and the
// flag names table of docs/commands/README.md lists exactly renames().
func TestRenamesResolve(t *testing.T) {
	t.Parallel()
	root := newRoot(Env{}.streams())
	var want []string
	for _, r := range renames() {
		cmd, _, err := root.Find(strings.Fields(r.command))
		if err != nil || cmd.CommandPath() != "capirepo "+r.command || cmd.Flags().Lookup(r.name) == nil {
			t.Errorf("rename %v: no command with --%s", r, r.name)
		}
		want = append(want, r.command+" --"+r.old+" --"+r.name)
	}
	got := documentedRenames(t, readDoc(t, "commands/README.md"))
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("docs/commands/README.md renames:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// renameRow is a row of the README's rename table: | `--old` | `--new` | commands | meaning |.
var renameRow = regexp.MustCompile("(?m)^\\| `--([a-z-]+)` \\| `(?:-o`, `)?--([a-z-]+)` \\| ([^|]+) \\| [^|]+ \\|$")

// documentedRenames lists the README's renames as "command --old --new".
func documentedRenames(t *testing.T, page string) []string {
	t.Helper()
	var out []string
	for _, m := range renameRow.FindAllStringSubmatch(page, -1) {
		for _, c := range strings.Split(m[3], ", ") {
			out = append(out, strings.Trim(c, "`")+" --"+m[1]+" --"+m[2])
		}
	}
	return out
}
