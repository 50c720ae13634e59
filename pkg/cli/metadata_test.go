package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMetadataCommands(t *testing.T) {
	t.Parallel()
	dir := sampleTree(t, nil)
	cfg := filepath.Join(dir, "capirepo.yaml")
	meta := filepath.Join(dir, "metadata.yaml")
	before, _ := os.ReadFile(meta)
	if code, _, stderr := run(t, "metadata", "check", "--config", cfg, "--version", "v1.0.3", "--published", ""); code != ExitOK {
		t.Fatalf("check v1.0.3: exit %d %s", code, stderr)
	}
	code, stdout, _ := run(t, "metadata", "check", "--config", cfg, "--version", "v1.1.0", "--published", "")
	if code != ExitFindings || !strings.Contains(stdout, "metadata-version-series") || !strings.HasPrefix(stdout, "metadata.yaml:") { // relative to the repository root
		t.Fatalf("check v1.1.0: exit %d\n%s", code, stdout)
	}
	if code, stdout, _ := run(t, "metadata", "add-series", "--config", cfg, "--version", "v1.1.0", "--contract", "v1beta1"); code != ExitOK || !strings.Contains(stdout, "added") {
		t.Fatalf("add-series: exit %d %s", code, stdout)
	}
	after, _ := os.ReadFile(meta)
	if !strings.HasPrefix(string(after), strings.TrimSpace(string(before))[:40]) || !strings.Contains(string(after), "minor: 1") {
		t.Fatalf("add-series result:\n%s", after)
	}
	if code, stdout, _ := run(t, "metadata", "add-series", "--file", meta, "--version", "v1.1.5", "--contract", "v1beta1"); code != ExitOK || !strings.Contains(stdout, "already present") {
		t.Fatalf("add-series again: exit %d %s", code, stdout)
	}
	if code, _, _ := run(t, "metadata", "check", "--config", cfg, "--version", "v1.1.0", "--published", ""); code != ExitOK {
		t.Fatalf("check after add-series: exit %d", code)
	}
	if code, _, stderr := run(t, "metadata", "add-series", "--file", meta, "--version", "v1.2.0", "--contract", "v9"); code != ExitInput || !strings.Contains(stderr, "v9") {
		t.Fatalf("bad contract: exit %d %s", code, stderr)
	}
}

func TestVarsFormats(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tpl := filepath.Join(dir, "cluster-template.yaml")
	body := "kind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\nspec:\n  region: ${REGION:=eu}\n  size: ${SIZE}\n"
	if err := os.WriteFile(tpl, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	for format, want := range map[string]string{"text": "SIZE", "markdown": "| `REGION` |", "json": `"name": "SIZE"`} {
		code, stdout, stderr := run(t, "vars", "--format", format, tpl)
		if code != ExitOK || !strings.Contains(stdout, want) {
			t.Errorf("%s: exit %d, stdout lacks %q:\n%s%s", format, code, want, stdout, stderr)
		}
	}
	if code, _, _ := run(t, "vars", "--format", "yaml", tpl); code != ExitUsage {
		t.Errorf("bad format: exit %d", code)
	}
}
