package cli

import (
	"strings"
	"testing"
)

// TestCompletion: the documented shells print a script that completes capirepo's commands.
func TestCompletion(t *testing.T) {
	t.Parallel()
	for shell, want := range map[string]string{"bash": "__start_capirepo", "zsh": "#compdef capirepo", "fish": "complete -c capirepo"} {
		code, stdout, stderr := runEnv(t, nil, "completion", shell)
		if code != ExitOK || !strings.Contains(stdout, want) {
			t.Errorf("completion %s: exit %d, stdout lacks %q\n%s", shell, code, want, stderr)
		}
	}
	code, stdout, _ := runEnv(t, nil, "__complete", "publish", "")
	for _, sub := range []string{"local", "github", "gitlab"} {
		if code != ExitOK || !strings.Contains(stdout, sub) {
			t.Errorf("completing `publish `: exit %d, %q lacks %s", code, stdout, sub)
		}
	}
	if _, stdout, _ := runEnv(t, nil, "--help"); !strings.Contains(stdout, "completion") {
		t.Errorf("help does not list the completion command:\n%s", stdout)
	}
}

// TestHelpTopics: help prints a command's help; an unknown topic is a usage error.
func TestHelpTopics(t *testing.T) {
	t.Parallel()
	if code, stdout, _ := runEnv(t, nil, "help", "publish", "local"); code != ExitOK || !strings.Contains(stdout, "--to") {
		t.Errorf("help publish local: exit %d\n%s", code, stdout)
	}
	for _, topic := range [][]string{{"bogus"}, {"publish", "s3"}} {
		if code, _, stderr := runEnv(t, nil, append([]string{"help"}, topic...)...); code != ExitUsage || !strings.Contains(stderr, "unknown help topic") {
			t.Errorf("help %v: exit %d, want %d\n%s", topic, code, ExitUsage, stderr)
		}
	}
}
