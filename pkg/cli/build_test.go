package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// run runs the command line with an empty environment: the machine's variables (CI,
// tokens, caches) never reach a test; runEnv passes chosen ones.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), args, Env{Stdout: &out, Stderr: &errOut})
	return code, out.String(), errOut.String()
}

// sampleTree writes a tiny provider with one change applied.
func sampleTree(t *testing.T, edit func(files map[string]string)) string {
	t.Helper()
	files := map[string]string{
		"capirepo.yaml":             "providers:\n- name: tiny\n  type: BootstrapProvider\n  components:\n    kustomize: config\n  metadata: metadata.yaml\n",
		"metadata.yaml":             "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n",
		"config/kustomization.yaml": "namespace: tiny-system\nresources: [all.yaml]\n",
		"config/all.yaml":           "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: tiny-system\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: tiny\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec:\n      containers:\n      - name: manager\n        image: registry.example.com/tiny:v1\n",
	}
	if edit != nil {
		edit(files)
	}
	dir := tree.Write(t, files)
	return dir
}

func TestBuildTiny(t *testing.T) {
	t.Parallel()
	dir := sampleTree(t, nil)
	out := filepath.Join(dir, "dist")
	code, stdout, stderr := run(t, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "bootstrap-tiny", "v1.0.0", "bootstrap-components.yaml"))
	if err != nil || !strings.Contains(string(data), "cluster.x-k8s.io/provider: bootstrap-tiny") {
		t.Fatalf("components missing or unlabelled: %v", err)
	}
	// A second build replaces the first.
	if code, _, stderr := run(t, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.1", "--out", out); code != 0 {
		t.Fatalf("rebuild exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "bootstrap-tiny", "v1.0.0")); !os.IsNotExist(err) {
		t.Errorf("old build output survived the rebuild")
	}
}

func TestBuildBadInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		edit    func(map[string]string)
		args    []string
		code    int
		message string
	}{
		{"missing config", func(f map[string]string) { delete(f, "capirepo.yaml") }, nil, ExitUsage, "config file not found"},
		{"unknown key", func(f map[string]string) { f["capirepo.yaml"] += "  colour: blue\n" }, nil, ExitUsage, `capirepo.yaml: line 7: unknown key "colour"`},
		{"bad name", func(f map[string]string) { f["capirepo.yaml"] = strings.Replace(f["capirepo.yaml"], "tiny", "Tiny", 1) }, nil, ExitUsage, "must be lower case"},
		{"bad type", func(f map[string]string) {
			f["capirepo.yaml"] = strings.Replace(f["capirepo.yaml"], "BootstrapProvider", "Bootstrap", 1)
		}, nil, ExitUsage, "is not one of"},
		{"missing kustomize folder", func(f map[string]string) { delete(f, "config/kustomization.yaml"); delete(f, "config/all.yaml") }, nil, ExitInput, "config"},
		{"broken kustomization", func(f map[string]string) { f["config/kustomization.yaml"] = "resources: [\n" }, nil, ExitInput, "kustomization.yaml"},
		{"invalid resource yaml", func(f map[string]string) { f["config/all.yaml"] += "---\nkind: [\n" }, nil, ExitInput, "all.yaml"},
		{"image override matches nothing", func(f map[string]string) {
			f["capirepo.yaml"] = strings.Replace(f["capirepo.yaml"], "    kustomize: config\n", "    kustomize: config\n    images:\n    - {name: registry.example.com/tyny, newTag: v2}\n", 1)
		}, nil, ExitInput, `override "registry.example.com/tyny" matched no container image`},
		{"not semver", nil, []string{"--version", "1.0"}, ExitUsage, `version "1.0" has no "v" prefix`},
		{"leading zero", nil, []string{"--version", "v1.02.0"}, ExitUsage, "not strict SemVer"},
		{"no version", nil, []string{"--version", ""}, ExitUsage, "--version"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := sampleTree(t, c.edit)
			out := filepath.Join(dir, "dist")
			args := []string{"build", "--config", filepath.Join(dir, "capirepo.yaml"), "--out", out}
			if c.args == nil {
				c.args = []string{"--version", "v1.0.0"}
			}
			code, _, stderr := run(t, append(args, c.args...)...)
			if code != c.code || !strings.Contains(stderr, c.message) {
				t.Fatalf("exit %d (want %d), stderr %q does not contain %q", code, c.code, stderr, c.message)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Errorf("want one error line, got:\n%s", stderr)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("output folder exists after a failed build")
			}
			assertNoStaging(t, dir)
		})
	}
}

func TestBuildUnwritableOutput(t *testing.T) {
	t.Parallel()
	dir := sampleTree(t, nil)
	out := filepath.Join(dir, "metadata.yaml", "dist") // parent is a regular file
	code, _, stderr := run(t, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", out)
	if code != ExitPublish || !strings.Contains(stderr, "metadata.yaml") {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
}

func TestBuildRefusesForeignFolder(t *testing.T) {
	t.Parallel()
	dir := sampleTree(t, nil)
	out := filepath.Join(dir, "config") // a folder capirepo did not write
	code, _, stderr := run(t, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", out)
	if code != ExitPublish || !strings.Contains(stderr, "was not written by capirepo build") {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "all.yaml")); err != nil {
		t.Errorf("foreign folder was touched: %v", err)
	}
}

func assertNoStaging(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".dist") {
			t.Errorf("staging folder %s left behind", e.Name())
		}
	}
}

func TestBuildExtraComponents(t *testing.T) {
	t.Parallel()
	dir := sampleTree(t, func(f map[string]string) {
		f["capirepo.yaml"] += "  extraComponents:\n  - name: bootstrap-components-development.yaml\n    file: dev.yaml\n"
		f["dev.yaml"] = strings.Replace(f["config/all.yaml"], "image: registry.example.com/tiny:v1", "image: tiny:debug", 1)
	})
	out := filepath.Join(dir, "dist")
	code, _, stderr := run(t, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", out)
	// The extra file is checked like the main one: its image is not canonical.
	if code != ExitFindings || !strings.Contains(stderr, "bootstrap-components-development.yaml") || !strings.Contains(stderr, "components-image-canonical") {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	dir = sampleTree(t, func(f map[string]string) {
		f["capirepo.yaml"] += "  extraComponents:\n  - name: bootstrap-components-development.yaml\n    file: config/all.yaml\n"
	})
	out = filepath.Join(dir, "dist")
	if code, _, stderr := run(t, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", out); code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "bootstrap-tiny", "v1.0.0", "bootstrap-components-development.yaml"))
	if err != nil || !strings.Contains(string(data), "cluster.x-k8s.io/provider: bootstrap-tiny") {
		t.Fatalf("extra components missing or unlabelled: %v", err)
	}
	if code, _, stderr := run(t, "lint", out); code != ExitOK {
		t.Fatalf("lint of the output: exit %d %s", code, stderr)
	}
}
