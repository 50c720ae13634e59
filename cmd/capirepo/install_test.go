//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/envtest"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// capiProc is one capirepo process of an install test: its temporary folder
// (TMPDIR, where the run's folder is made), output and exit code.
type capiProc struct {
	tmp, stdout, stderr string
	code                int
}

// capirepoCmd runs this test binary as capirepo with only PATH, HOME and TMPDIR set.
func capirepoCmd(t *testing.T, tmp string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = []string{asMain + "=1", "HOME=" + t.TempDir(), "TMPDIR=" + tmp, "PATH=/usr/bin:/bin"}
	return cmd
}

func runCapirepo(t *testing.T, args ...string) capiProc {
	t.Helper()
	r := capiProc{tmp: t.TempDir()}
	cmd := capirepoCmd(t, r.tmp, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	r.stdout, r.stderr, r.code = o.String(), e.String(), cmd.ProcessState.ExitCode()
	if err != nil && r.code < 0 {
		t.Fatal(err)
	}
	return r
}

// buildSample builds examples/sample v0.1.0 into a folder and returns it.
func buildSample(t *testing.T) string {
	out := filepath.Join(t.TempDir(), "dist")
	cfg := filepath.Join(tree.RepoRoot(t), "examples", "sample", "capirepo.yaml")
	r := runCapirepo(t, "build", "--config", cfg, "--version", "v0.1.0", "--published=", "--out", out)
	if r.code != 0 {
		t.Fatalf("build: exit %d\n%s", r.code, r.stderr)
	}
	return out
}

func installArgs(tools envtest.Tools, dir string) []string {
	return []string{"verify", dir, "--install", "--kubebuilder-assets", tools.Assets,
		"--clusterctl", tools.Clusterctl, "--clusterctl-config", tools.Config}
}

// TestVerifyInstallSample: the sample installs with clusterctl v1.14.2 and its three
// flavors dry-run clean, while two more flavors, the topology template with
// spec.topology.controlPlane.replicas misspelt, are refused by the API server, each at
// its template's file and the misspelt field's line.
func TestVerifyInstallSample(t *testing.T) {
	tools := envtest.Find(t)
	dir := buildSample(t)
	rel := filepath.Join(dir, "infrastructure-sample", "v0.1.0")
	topo, err := os.ReadFile(filepath.Join(rel, "cluster-template-topology.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	typo := strings.Replace(string(topo), "      replicas: ${CONTROL_PLANE_MACHINE_COUNT}", "      replicaz: ${CONTROL_PLANE_MACHINE_COUNT}", 1)
	if typo == string(topo) {
		t.Fatal("the sample's topology template changed: no controlPlane replicas line")
	}
	typos := []string{"cluster-template-typo.yaml", "cluster-template-typo-again.yaml"}
	for _, name := range typos {
		if err := os.WriteFile(filepath.Join(rel, name), []byte(typo), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := runCapirepo(t, installArgs(tools, dir)...)
	line := lineOf(typo, "replicaz:")
	for _, name := range typos { // flavors dry-run several at a time: each refusal at its own file
		want := regexp.QuoteMeta("infrastructure-sample/v0.1.0/"+name+":"+line+": error install-dry-run: Cluster capirepo-install: "+
			"the API server refused it (server-side dry-run, strict field validation): ") + `.*` + regexp.QuoteMeta(`unknown field "spec.topology.controlPlane.replicaz"`)
		if r.code != 1 || !regexp.MustCompile(want).MatchString(r.stdout) {
			t.Fatalf("exit %d, want 1 and a line matching %q\nstdout:\n%s\nstderr:\n%s", r.code, want, r.stdout, r.stderr)
		}
	}
	if n := strings.Count(r.stdout, "error install-"); n != len(typos) {
		t.Fatalf("%d install errors, want only the typos' (the sample's flavors dry-run clean):\n%s", n, r.stdout)
	}
	for _, step := range []string{"start main", "init", "dry-runs", "total"} {
		if !strings.Contains(r.stdout, "  "+step+" ") {
			t.Errorf("no time for step %q:\n%s", step, r.stdout)
		}
	}
	assertNothingLeft(t, r.tmp)
}

func lineOf(text, sub string) string {
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(l, sub) {
			return strconv.Itoa(i + 1)
		}
	}
	return "?"
}
