package e2e

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/cli"
	"github.com/capirepo/capirepo/pkg/testsupport/operator"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"sigs.k8s.io/yaml"
)

// capirepoEnv runs the CLI with exactly env (no process variables, no ~/.docker).
func capirepoEnv(t *testing.T, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	if env["DOCKER_CONFIG"] == "" {
		env["DOCKER_CONFIG"] = t.TempDir()
	}
	code := cli.Run(context.Background(), args, cli.Env{Getenv: cli.MapEnv(env), Stdout: &out, Stderr: &errOut})
	return code, out.String(), errOut.String()
}

// configMaps parses the plugin's YAML output into name → data.
func configMaps(t *testing.T, out string) map[string]map[string]string {
	t.Helper()
	got := map[string]map[string]string{}
	for _, doc := range strings.Split(out, "\n---\n") {
		var cm struct {
			Kind     string                `json:"kind"`
			Metadata struct{ Name string } `json:"metadata"`
			Data     map[string]string     `json:"data"`
		}
		if err := yaml.Unmarshal([]byte(doc), &cm); err != nil {
			t.Fatalf("plugin output is not YAML: %v\n%s", err, doc)
		}
		if cm.Kind == "ConfigMap" {
			got[cm.Metadata.Name] = cm.Data
		}
	}
	return got
}

func TestPublishOCIWithOperatorPlugin(t *testing.T) {
	plugin := operator.Find(t)
	reg := registry.New(t)
	dist := buildExample(t, "v0.1.0")
	env := map[string]string{"SOURCE_DATE_EPOCH": "1700000000"}
	code, out, errOut := capirepoEnv(t, env, "publish", "oci", "--from", dist, "--to", reg.Host+"/capi", "--plain-http")
	if code != 0 {
		t.Fatalf("publish oci: exit %d\n%s%s", code, out, errOut)
	}
	pre := plugin.MustRun(t, "preload", "--infrastructure", "sample::v0.1.0", "-u", "http://"+reg.Host+"/capi/infrastructure-sample")
	cms := configMaps(t, pre)
	if len(cms) != 1 {
		t.Fatalf("plugin printed %d ConfigMaps, want 1:\n%s", len(cms), pre)
	}
	wantFiles(t, cms["infrastructure-sample-v0.1.0"], filepath.Join(dist, "infrastructure-sample", "v0.1.0"), "infrastructure-components.yaml")
}

// wantFiles checks a ConfigMap holds exactly the built metadata.yaml and components.
func wantFiles(t *testing.T, data map[string]string, dir, components string) {
	t.Helper()
	if data == nil {
		t.Fatalf("no ConfigMap for %s", dir)
	}
	for key, file := range map[string]string{"metadata": "metadata.yaml", "components": components} {
		want, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		if data[key] != string(want) {
			t.Errorf("ConfigMap %s differs from the built %s:\n%s", key, file, data[key])
		}
	}
}
