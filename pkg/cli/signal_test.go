//go:build unix

package cli

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/testsupport/child"
)

// mainArgs carries a command line to the child process of TestSignalEndsALockWait,
// which runs it through Main as the capirepo process does.
const mainArgs = "CAPIREPO_TEST_MAIN_ARGS"

// TestSignalEndsALockWait: a publish waiting for another run's lock prints one line
// naming the holder's pid and the lock file, and SIGINT (then SIGTERM) ends it at
// once with exit 130.
func TestSignalEndsALockWait(t *testing.T) {
	if args := os.Getenv(mainArgs); args != "" {
		os.Exit(Main(strings.Split(args, "\n"), os.Stdout, os.Stderr))
	}
	t.Parallel()
	dist := builtTiny(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		repo := t.TempDir()
		unlock, err := fsx.Lock(context.Background(), repo, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer unlock()
		p := child.Start(t, "TestSignalEndsALockWait", mainArgs+"="+strings.Join([]string{"publish", "local", "--from", dist, "--to", repo}, "\n"))
		want := "waiting: another capirepo run (pid " + strconv.Itoa(os.Getpid()) + ") holds the lock file " + filepath.Join(repo, fsx.LockFile)
		if line, ok := p.WaitLine("waiting:", 30*time.Second); !ok || !strings.HasPrefix(line, want) {
			t.Fatalf("%s: the waiting run printed %q, want a line starting %q\n%s", sig, line, want, p.Stderr())
		}
		if err := p.Signal(sig); err != nil {
			t.Fatal(err)
		}
		if code, ok := p.Exit(time.Second); !ok || code != ExitInterrupted {
			t.Errorf("%s: exit %d (ended: %v) within a second, want %d\n%s", sig, code, ok, ExitInterrupted, p.Stderr())
		}
	}
}
