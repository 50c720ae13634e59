//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
	"github.com/capirepo/capirepo/pkg/testsupport/envtest"
)

// BenchmarkVerifyInstallProcess times `capirepo verify DIR --install` of a CAPA-sized
// release (a 3 MB components file of 33 CRDs as controller-gen writes them, and 15
// flavors of 11 objects each) as users run it: a whole process, built like a release,
// against the real etcd, kube-apiserver and clusterctl v1.14.2. It reports the
// process's own step times (medians): start-s (control plane to /readyz; goal ≤ 5),
// init-s (clusterctl init with cluster-api's core, bootstrap and control plane),
// dry-runs-s (every flavor generated and dry-run) and total-s (the process; goal ≤ 30).
func BenchmarkVerifyInstallProcess(b *testing.B) {
	tools := envtest.Find(b)
	capirepo := buildRelease(b, b.TempDir(), ".")
	dir := capaSized(b)
	args := []string{"verify", dir, "--install", "--kubebuilder-assets", tools.Assets,
		"--clusterctl", tools.Clusterctl, "--clusterctl-config", tools.Config}
	steps := map[string][]float64{}
	for b.Loop() {
		cmd := exec.Command(capirepo, args...)
		cmd.Env = []string{"HOME=" + b.TempDir(), "TMPDIR=" + b.TempDir(), "PATH=/usr/bin:/bin"}
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		start := time.Now()
		err := cmd.Run()
		steps["total-s"] = append(steps["total-s"], time.Since(start).Seconds())
		if err != nil && cmd.ProcessState.ExitCode() != 1 {
			b.Fatalf("capirepo verify --install: %v\n%s\n%s", err, out.String(), errOut.String())
		}
		for name, unit := range map[string]string{"start main": "start-s", "init": "init-s", "dry-runs": "dry-runs-s"} {
			steps[unit] = append(steps[unit], stepTime(b, out.String(), name))
		}
		b.Logf("run: %v", lastOf(steps))
	}
	for unit, vs := range steps {
		b.ReportMetric(median(vs), unit)
	}
}

var stepLine = regexp.MustCompile(`(?m)^  (\S.*?)\s+([0-9.]+)s$`)

func stepTime(b *testing.B, out, name string) float64 {
	for _, m := range stepLine.FindAllStringSubmatch(out, -1) {
		if strings.TrimSpace(m[1]) == name {
			v, _ := strconv.ParseFloat(m[2], 64)
			return v
		}
	}
	b.Fatalf("no %q step in:\n%s", name, out)
	return 0
}

func lastOf(steps map[string][]float64) map[string]float64 {
	out := map[string]float64{}
	for k, v := range steps {
		out[k] = v[len(v)-1]
	}
	return out
}

// capaSized writes a repository with one CAPA-sized release: bigtree's CAPZ-shaped
// release of 3 MB and 15 flavors, each a Cluster and ten objects of its kinds.
func capaSized(b *testing.B) string {
	root := b.TempDir()
	rel := filepath.Join(root, "infrastructure-azure", "v1.0.0")
	files := bigtree.Release(3<<20, 0)
	for i := range 15 {
		t := string(files["cluster-template.yaml"])
		for j := range 10 {
			t += fmt.Sprintf("---\napiVersion: infrastructure.cluster.x-k8s.io/v1beta1\nkind: AzureThing%03d\nmetadata:\n  name: ${CLUSTER_NAME}-%d\nspec: {}\n", j, j)
		}
		files[fmt.Sprintf("cluster-template-flavor%02d.yaml", i)] = []byte(t)
	}
	for name, data := range files {
		if err := os.MkdirAll(rel, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(rel, name), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return root
}

func median(vs []float64) float64 {
	s := slices.Clone(vs)
	slices.Sort(s)
	return s[len(s)/2]
}
