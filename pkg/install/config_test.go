package install

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The user's clusterctl config keeps its entries and variables; the release's provider
// replaces the entry of the same name and type. Without a config the install refuses
// to start (it reaches no network), naming the flag.
func TestWriteConfig(t *testing.T) {
	dir := t.TempDir()
	user := filepath.Join(dir, "user.yaml")
	text := "providers:\n- {name: cluster-api, type: CoreProvider, url: file:///c/core-components.yaml}\n" +
		"- {name: sample, type: InfrastructureProvider, url: https://github.com/x/y/releases/latest/infrastructure-components.yaml}\nFOO: bar\n"
	if err := os.WriteFile(user, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	p := Plan{Init: []string{"--infrastructure", "sample:v0.1.0"}, UserConfig: user,
		Providers: []ConfigProvider{{Name: "sample", Type: "InfrastructureProvider", URL: "file:///r/infrastructure-components.yaml"}}}
	cfg, err := readUserConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	path, err := writeConfig(dir, p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	for _, want := range []string{"FOO: bar", "url: file:///c/core-components.yaml", "url: file:///r/infrastructure-components.yaml"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("config lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(string(got), "github.com") {
		t.Errorf("the release's entry was not replaced:\n%s", got)
	}
	p.UserConfig = ""
	if _, err := readUserConfig(p); !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), "--clusterctl-config") {
		t.Errorf("without a config: %v, want ErrMissing naming --clusterctl-config", err)
	}
}

// Missing binaries are ErrMissing, naming setup-envtest and the flag.
func TestAssetsMissing(t *testing.T) {
	for _, dir := range []string{"", t.TempDir()} {
		_, _, err := Assets(dir)
		if !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), "setup-envtest") || !strings.Contains(err.Error(), "--kubebuilder-assets") {
			t.Errorf("Assets(%q): %v", dir, err)
		}
	}
}
