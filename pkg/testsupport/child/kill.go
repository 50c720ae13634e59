//go:build unix

package child

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
)

// killEnv carries to a child started by Killed the step at which it kills itself.
const killEnv = "CAPIREPO_KILL_AT"

// die sends SIGKILL to this process and never returns.
func die() {
	syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {} // the signal is on its way
}

// KillStep is the child's side of Killed. In a child it returns a function whose
// n-th call (n from Killed) kills the process, and true; elsewhere nil and false.
// The function is safe for concurrent use.
func KillStep() (step func(), ok bool) {
	n, err := strconv.Atoi(os.Getenv(killEnv))
	if err != nil || n <= 0 {
		return nil, false
	}
	var count atomic.Int64
	return func() {
		if count.Add(1) == int64(n) {
			die()
		}
	}, true
}

// Killed runs the test named test in a child process, with this process's
// environment plus env, told to kill itself at its n-th step (KillStep). It reports
// true when SIGKILL ended the child and false when the child finished; any other end
// fails t with the child's output.
func Killed(t *testing.T, test string, n int, env ...string) bool {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), env...), killEnv+"="+strconv.Itoa(n))
	out, err := cmd.CombinedOutput()
	if err == nil {
		return false
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signal() == syscall.SIGKILL {
			return true
		}
	}
	t.Fatalf("child %s, to be killed at step %d: %v; want killed by SIGKILL or finished\n%s", test, n, err, out)
	return false
}
