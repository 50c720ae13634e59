//go:build unix

// Package fifo makes named pipes for the tests that prove no reader opens one, and
// runs the reader under a deadline: a reader that blocks on a pipe fails the test
// (and is released by a writer that opens and closes the pipe) instead of hanging it.
package fifo

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// Deadline is how long a reader may take to refuse a pipe.
const Deadline = time.Second

// Make creates a named pipe at path (its folder must exist).
func Make(t testing.TB, path string) string {
	t.Helper()
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Within runs f and fails t when it has not returned within Deadline: then every
// pipe of pipes is opened for writing and closed, so the blocked reader ends, and
// Within waits for f to return.
func Within(t testing.TB, f func(), pipes ...string) {
	t.Helper()
	done := make(chan struct{})
	start := time.Now()
	go func() { defer close(done); f() }()
	select {
	case <-done:
		return
	case <-time.After(Deadline):
	}
	t.Errorf("still running after %s: a reader blocks on a named pipe (%v)", Deadline, pipes)
	for {
		release(pipes)
		select {
		case <-done:
			t.Logf("ended %s after the pipes were released", time.Since(start).Round(time.Millisecond))
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// release opens each pipe for writing without blocking (it fails when no reader
// waits) and closes it: a reader blocked in open returns and reads end of file.
func release(pipes []string) {
	for _, p := range pipes {
		if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	}
}
