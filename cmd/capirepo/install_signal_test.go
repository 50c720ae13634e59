//go:build linux

package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/envtest"
)

// TestVerifyInstallSIGTERM: SIGTERM while clusterctl init runs ends capirepo with
// 130 and leaves no etcd, kube-apiserver or clusterctl process and no temporary folder.
func TestVerifyInstallSIGTERM(t *testing.T) {
	tools := envtest.Find(t)
	dir := buildSample(t)
	tmp := t.TempDir()
	cmd := capirepoCmd(t, tmp, installArgs(tools, dir)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	started := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "install: start main:") {
				started <- true
			}
		}
		close(started)
	}()
	select {
	case ok := <-started:
		if !ok {
			t.Fatal("capirepo ended before its control plane started")
		}
	case <-time.After(3 * time.Minute):
		_ = cmd.Process.Kill()
		t.Fatal("the control plane did not start in 3 minutes")
	}
	if left := processesUnder(tmp); len(left) < 2 {
		t.Fatalf("while installing, want etcd and kube-apiserver running under %s, found %v", tmp, left)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit %d after SIGTERM, want 130", code)
	}
	assertNothingLeft(t, tmp)
}

// assertNothingLeft fails if a process started under tmp runs, or tmp holds anything.
func assertNothingLeft(t *testing.T, tmp string) {
	t.Helper()
	if left := processesUnder(tmp); len(left) > 0 {
		t.Errorf("processes outlive the command: %v", left)
	}
	entries, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("left in the temporary folder: %s", e.Name())
	}
}

// processesUnder lists the live (not zombie) processes whose command line names tmp.
func processesUnder(tmp string) []string {
	var out []string
	pids, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range pids {
		cmdline, err := os.ReadFile(filepath.Join(p, "cmdline"))
		if err != nil || !strings.Contains(string(cmdline), tmp) {
			continue
		}
		if stat, err := os.ReadFile(filepath.Join(p, "stat")); err == nil && strings.Contains(string(stat), ") Z ") {
			continue
		}
		out = append(out, filepath.Base(p)+": "+strings.ReplaceAll(string(cmdline), "\x00", " ")[:min(120, len(cmdline))])
	}
	return out
}
