package cli

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/source"
)

// The help of every command that reads a forge's token names every variable of
// that forge's one policy (pkg/source), so help and docs/tokens.md tell the same story.
func TestHelpNamesEveryTokenVariable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		vars []source.TokenVar
	}{
		{[]string{"publish", "github", "--help"}, source.GitHubTokenVars},
		{[]string{"publish", "gitlab", "--help"}, source.GitLabTokenVars},
		{[]string{"mirror", "--help"}, append(append([]source.TokenVar(nil), source.GitHubTokenVars...), source.GitLabTokenVars...)},
	}
	for _, tt := range tests {
		code, out, _ := runEnv(t, nil, tt.args...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d", tt.args, code)
		}
		for _, v := range tt.vars {
			if !strings.Contains(out, v.Name) {
				t.Errorf("%v does not name %s", tt.args, v.Name)
			}
		}
		// --to-gitlab uses the same policy as the sources.
		if tt.args[0] == "mirror" {
			line := out[strings.Index(out, "--to-gitlab string"):]
			line = line[:strings.Index(line, "\n")]
			if !strings.Contains(line, "Tokens") && !strings.Contains(line, "CI_JOB_TOKEN") {
				t.Errorf("mirror --to-gitlab help %q names only some GitLab token variables", line)
			}
		}
	}
}
