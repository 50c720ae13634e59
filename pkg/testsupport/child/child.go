// Package child runs one test of the current test binary again in a child process,
// for tests about the process itself: what reaches its stderr, what a kill at each
// of its steps leaves behind (Killed, KillStep).
package child

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// Stderr runs the test named test in a child process whose only environment is
// env ("NAME=value"; the child test tells it is the child by it) and returns what
// the child wrote to its stderr. A failing child fails t.
func Stderr(t *testing.T, test string, env ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("child %s: %v\n%s%s", test, err, stdout.String(), stderr.String())
	}
	return stderr.String()
}
