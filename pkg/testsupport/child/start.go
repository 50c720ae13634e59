//go:build unix

package child

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// Proc is a test of the current binary running in a child process (Start).
type Proc struct {
	cmd   *exec.Cmd
	lines chan string
	mu    sync.Mutex
	err   strings.Builder // everything the child wrote to stderr
	done  chan struct{}
}

// Start runs the test named test in a child process, with this process's
// environment plus env, and returns at once; the child's stderr is read line by line
// (WaitLine). The child is killed when t ends.
func Start(t *testing.T, test string, env ...string) *Proc {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &Proc{cmd: cmd, lines: make(chan string, 100), done: make(chan struct{})}
	go p.read(stderr)
	t.Cleanup(func() { cmd.Process.Kill(); <-p.done })
	return p
}

func (p *Proc) read(r io.Reader) {
	s := bufio.NewScanner(r)
	for s.Scan() {
		p.mu.Lock()
		p.err.WriteString(s.Text() + "\n")
		p.mu.Unlock()
		select {
		case p.lines <- s.Text():
		default:
		}
	}
	close(p.lines)
	p.cmd.Wait()
	close(p.done)
}

// Stderr is what the child wrote to its stderr so far.
func (p *Proc) Stderr() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err.String()
}

// WaitLine waits at most d for a line of the child's stderr containing s.
func (p *Proc) WaitLine(s string, d time.Duration) (string, bool) {
	timeout := time.After(d)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return "", false
			}
			if strings.Contains(l, s) {
				return l, true
			}
		case <-timeout:
			return "", false
		}
	}
}

// Signal sends sig to the child.
func (p *Proc) Signal(sig os.Signal) error { return p.cmd.Process.Signal(sig) }

// Exit waits at most d for the child to end and returns its exit code; ok is false
// when it is still running then, or was ended by a signal.
func (p *Proc) Exit(d time.Duration) (code int, ok bool) {
	select {
	case <-p.done:
	case <-time.After(d):
		return 0, false
	}
	code = p.cmd.ProcessState.ExitCode() // -1 when a signal ended it
	return code, code >= 0
}
