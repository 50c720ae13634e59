package install

import (
	"context"
	"errors"
	"fmt"
	"github.com/capirepo/capirepo/pkg/fsx"
	"net"
	"path/filepath"
	"strings"
	"time"
)

// ErrStart marks a control plane that did not start (exit 4).
var ErrStart = errors.New("the control plane did not start")

// freePorts asks the kernel for n free loopback ports.
func freePorts(n int) ([]int, error) {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	var out []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("%w: no free loopback port: %v", ErrStart, err)
		}
		ls = append(ls, l)
		out = append(out, l.Addr().(*net.TCPAddr).Port)
	}
	return out, nil
}

// waitReady polls /readyz until it answers ok, a process exits, or the limit passes.
func (cp *ControlPlane) waitReady(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		if err := cp.exited(); err != nil {
			return err
		}
		if cp.ready(ctx) {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w: no answer from /readyz after %s%s", ErrStart, limit, cp.logTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (cp *ControlPlane) exited() error {
	for i, done := range cp.waits {
		select {
		case err := <-done:
			done <- err
			return fmt.Errorf("%w: %s exited (%v)%s", ErrStart, filepath.Base(cp.procs[i].Path), err, cp.logTail())
		default:
		}
	}
	return nil
}

func (cp *ControlPlane) ready(ctx context.Context) bool {
	// the certificate is read again until the server answers: it may be half written
	ca, err := fsx.ReadFile(filepath.Join(cp.Dir, "certs", "apiserver.crt"))
	if err != nil {
		return false
	}
	cp.CA = ca
	body, err := cp.Client().raw(ctx, "GET", "/readyz", "", nil)
	return err == nil && strings.TrimSpace(string(body)) == "ok"
}

// logTail is the end of the control plane's log, for an error.
func (cp *ControlPlane) logTail() string {
	data, err := fsx.ReadFile(filepath.Join(cp.Dir, "control-plane.log"))
	if err != nil || len(data) == 0 {
		return ""
	}
	if len(data) > 2000 {
		data = data[len(data)-2000:]
	}
	return ":\n" + string(data)
}
