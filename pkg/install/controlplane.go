package install

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// ControlPlane is a running etcd and kube-apiserver on loopback.
type ControlPlane struct {
	URL     string // https://127.0.0.1:PORT
	Token   string // the bearer token only this run knows
	CA      []byte // the API server's self-signed serving certificate chain
	Dir     string
	procs   []*exec.Cmd
	waits   []chan error
	logFile *os.File
}

// Start runs etcd and kube-apiserver in dir (a folder this run owns) and waits until
// the API server is ready. On error everything started is stopped.
func Start(ctx context.Context, etcd, apiserver, dir string) (cp *ControlPlane, err error) {
	cp = &ControlPlane{Dir: dir}
	defer func() {
		if err != nil {
			cp.Stop()
			cp = nil
		}
	}()
	if cp.logFile, err = os.Create(filepath.Join(dir, "control-plane.log")); err != nil {
		return nil, err
	}
	ports, err := freePorts(3)
	if err != nil {
		return nil, err
	}
	if err := cp.startEtcd(etcd, ports[0], ports[1]); err != nil {
		return nil, err
	}
	if err := cp.startAPIServer(apiserver, ports[0], ports[2]); err != nil {
		return nil, err
	}
	return cp, cp.waitReady(ctx, 60*time.Second)
}

func (cp *ControlPlane) startEtcd(bin string, client, peer int) error {
	c, p := "http://127.0.0.1:"+strconv.Itoa(client), "http://127.0.0.1:"+strconv.Itoa(peer)
	return cp.run(bin, "--data-dir", filepath.Join(cp.Dir, "etcd"), "--listen-client-urls", c,
		"--advertise-client-urls", c, "--listen-peer-urls", p, "--initial-advertise-peer-urls", p,
		"--initial-cluster", "default="+p, "--unsafe-no-fsync", "--log-level", "warn")
}

func (cp *ControlPlane) startAPIServer(bin string, etcdPort, port int) error {
	args, err := cp.apiserverArgs(etcdPort, port)
	if err != nil {
		return err
	}
	cp.URL = "https://127.0.0.1:" + strconv.Itoa(port)
	return cp.run(bin, args...)
}

// run starts one binary, its output in the control plane's log; it dies with this
// process (Pdeathsig) and is stopped by Stop.
func (cp *ControlPlane) run(bin string, args ...string) error {
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = cp.Dir, cp.logFile, cp.logFile
	cmd.Env = append([]string{"PATH=/usr/bin:/bin", "HOME=" + cp.Dir}, gcEnv...)
	cmd.SysProcAttr = childAttr()
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", filepath.Base(bin), err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	cp.procs, cp.waits = append(cp.procs, cmd), append(cp.waits, done)
	return nil
}

// gcEnv is the Go collector's setting for the short-lived processes of a run (etcd,
// kube-apiserver, clusterctl): collect at 5× the live heap, not 2×, but never let a
// process grow far past 1 GiB (GOMEMLIMIT, a soft limit, makes it collect harder
// there). On the CAPA-sized release the API server spent a quarter
// of its CPU collecting while clusterctl created CRDs; with this, init took 13.4 s
// instead of 16.4 s and the API server peaked at 1.1 GB instead of 0.83 GB.
var gcEnv = []string{"GOGC=400", "GOMEMLIMIT=1GiB"}

// Stop ends the API server, then etcd (SIGTERM, SIGKILL after 5 s), and waits for both.
func (cp *ControlPlane) Stop() {
	for i := len(cp.procs) - 1; i >= 0; i-- {
		stop(cp.procs[i], cp.waits[i])
	}
	cp.procs, cp.waits = nil, nil
	if cp.logFile != nil {
		cp.logFile.Close()
	}
}

func stop(cmd *exec.Cmd, done chan error) {
	_ = cmd.Process.Signal(terminate)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}
