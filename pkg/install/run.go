package install

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// ErrIsolate marks a run that could not get a private network namespace.
var ErrIsolate = errors.New("no private network namespace")

// Run executes the plan in a child process (self: the command that runs Child,
// e.g. capirepo's hidden install-child command) started in a private network
// namespace holding only loopback. The run's temporary folder is made and removed
// here; on cancellation the child is stopped (SIGTERM, then SIGKILL) with every
// process it started, and the folder is removed after they are gone.
// prepare writes the run's inputs into its folder and returns providers for the config.
func Run(ctx context.Context, self []string, p Plan, prepare func(dir string) ([]ConfigProvider, error), stderr io.Writer) (*Result, error) {
	dir, err := os.MkdirTemp("", "capirepo-install-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	p.Dir = dir
	if prepare != nil {
		ps, err := prepare(dir)
		if err != nil {
			return nil, err
		}
		p.Providers = append(p.Providers, ps...)
	}
	cfg, err := readUserConfig(p)
	if err != nil {
		return nil, err
	}
	if p.Config, err = writeConfig(dir, p, cfg); err != nil {
		return nil, err
	}
	if p.CertManagerCRDs, err = writeCertManager(dir, p, cfg); err != nil {
		return nil, err
	}
	in, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	out, err := spawn(ctx, self, dir, in, stderr)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("the install child failed: %w", err)
	}
	var r Result
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, fmt.Errorf("reading the install child's result: %w", err)
	}
	return &r, r.err()
}

func (r *Result) err() error {
	switch {
	case r.Error == "":
		return nil
	case r.Class == "start":
		return &classErr{msg: r.Error, class: ErrStart}
	case r.Class == "isolate":
		return &classErr{msg: r.Error, class: ErrIsolate}
	}
	return errors.New(r.Error)
}

// spawn runs the child and waits for it and its whole process group.
func spawn(ctx context.Context, self []string, dir string, in []byte, stderr io.Writer) ([]byte, error) {
	cmd := exec.Command(self[0], self[1:]...)
	cmd.Env = []string{ChildEnv + "=1", "PATH=" + os.Getenv("PATH"), "TMPDIR=" + dir, "HOME=" + dir}
	cmd.Stdin, cmd.Stderr = bytes.NewReader(in), stderr
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.SysProcAttr = spawnAttr()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		err = stopChild(cmd, done)
	}
	reap(cmd.Process.Pid)
	return out.Bytes(), err
}

// stopChild sends SIGTERM to the child's group, SIGKILL after 10 s.
func stopChild(cmd *exec.Cmd, done chan error) error {
	killGroup(cmd.Process.Pid, syscall.SIGTERM)
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		killGroup(cmd.Process.Pid, syscall.SIGKILL)
		return <-done
	}
}

// reap kills what is left of the child's process group and waits until none is.
func reap(pgid int) {
	for i := 0; i < 100 && killGroup(pgid, syscall.SIGKILL); i++ {
		time.Sleep(20 * time.Millisecond)
	}
}
