package e2e

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/cli"
	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

const example = "../../examples/sample/capirepo.yaml"

// capirepo runs the CLI in-process with an empty environment (the machine's CI,
// tokens and caches never reach it) and returns its exit code, stdout and stderr.
func capirepo(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cli.Run(context.Background(), args, cli.Env{Stdout: &out, Stderr: &errOut})
	return code, out.String(), errOut.String()
}

func buildExample(t *testing.T, version string) string {
	t.Helper()
	dist := filepath.Join(t.TempDir(), "dist")
	code, out, errOut := capirepo(t, "build", "--config", example, "--version", version, "--out", dist)
	if code != 0 {
		t.Fatalf("build exit %d\n%s\n%s", code, out, errOut)
	}
	return dist
}

func TestBuildExampleWithClusterctl(t *testing.T) {
	dist := buildExample(t, "v0.1.0")
	cfg := filepath.Join(dist, "clusterctl.yaml")
	for _, cc := range clusterctl.Pick(t, "v1.6.8", "v1.13.6", "v1.14.2") {
		t.Run(cc.Version, func(t *testing.T) {
			t.Parallel()
			desc := cc.MustRun(t, nil, "generate", "provider", "--infrastructure", "sample:v0.1.0", "--config", cfg, "--describe")
			for _, want := range []string{"TargetNamespace:    sample-system", "registry.example.com/capi-sample/sample-controller:v0.1.0", "SAMPLE_LOG_LEVEL"} {
				if !strings.Contains(desc, want) {
					t.Errorf("--describe lacks %q:\n%s", want, desc)
				}
			}
			raw := cc.MustRun(t, nil, "generate", "provider", "--infrastructure", "sample:v0.1.0", "--config", cfg, "--raw")
			if !strings.Contains(raw, "cluster.x-k8s.io/provider: infrastructure-sample") {
				t.Errorf("--raw output lacks the provider label")
			}
			for _, flavor := range []string{"", "ha", "topology"} {
				args := []string{"generate", "cluster", "c1", "--infrastructure", "sample:v0.1.0", "-n", "default", "--config", cfg}
				if flavor != "" {
					args = append(args, "--flavor", flavor)
				}
				vars := cc.MustRun(t, nil, append(args, "--list-variables")...)
				if !strings.Contains(vars, "SAMPLE_REGION") {
					t.Errorf("flavor %q: --list-variables lacks SAMPLE_REGION:\n%s", flavor, vars)
				}
			}
			env := []string{"SAMPLE_REGION=r1", "KUBERNETES_VERSION=v1.30.0"}
			full := cc.MustRun(t, env, "generate", "cluster", "c1", "--infrastructure", "sample:v0.1.0", "-n", "default", "--flavor", "topology", "--config", cfg)
			if !strings.Contains(full, "kind: ClusterClass") || !strings.Contains(full, "name: sample-quick-start") {
				t.Errorf("topology render did not pull in the ClusterClass:\n%s", full)
			}
		})
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	a, b := buildExample(t, "v0.1.0"), buildExample(t, "v0.1.0")
	files, _ := filepath.Glob(filepath.Join(a, "infrastructure-sample", "v0.1.0", "*"))
	if len(files) < 5 {
		t.Fatalf("only %d files built", len(files))
	}
	for _, fa := range files {
		fb := filepath.Join(b, "infrastructure-sample", "v0.1.0", filepath.Base(fa))
		da, _ := os.ReadFile(fa)
		db, err := os.ReadFile(fb)
		if err != nil || !bytes.Equal(da, db) {
			t.Errorf("%s differs between two builds", filepath.Base(fa))
		}
	}
}

func TestBuildRefusesVersionWithoutSeries(t *testing.T) {
	dist := filepath.Join(t.TempDir(), "dist")
	code, _, errOut := capirepo(t, "build", "--config", example, "--version", "v0.2.0", "--out", dist)
	if code != cli.ExitFindings {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, cli.ExitFindings, errOut)
	}
	for _, want := range []string{"metadata-version-series", "does not match any release series", "capirepo metadata add-series --version v0.2.0"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if _, err := os.Stat(dist); !os.IsNotExist(err) {
		t.Errorf("output written although the build was refused")
	}
}
