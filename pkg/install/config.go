package install

import (
	"github.com/capirepo/capirepo/pkg/fsx"
	"os"
	"path/filepath"

	"sigs.k8s.io/yaml"
)

// writeConfig writes the run's clusterctl config into dir: the user's config (its
// variables, images and overrides kept) with the release's providers replacing the
// entries of the same name and type.
func writeConfig(dir string, p Plan) (string, error) {
	cfg := map[string]any{}
	if p.UserConfig == "" && len(p.Init) > 0 {
		return "", missing("--clusterctl-config FILE is needed: a clusterctl config naming cluster-api's core, bootstrap " +
			"and control-plane providers by local file (an air-gapped mirror's clusterctl.yaml); the install reaches no network")
	}
	if p.UserConfig != "" {
		data, err := fsx.ReadFile(p.UserConfig)
		if err != nil {
			return "", missing("--clusterctl-config: %v", err)
		}
		if err := yaml.Unmarshal(data, &cfg); err != nil {
			return "", missing("%s: %v", p.UserConfig, err)
		}
		if cfg == nil {
			cfg = map[string]any{}
		}
	}
	var out []any
	list, _ := cfg["providers"].([]any)
	for _, e := range list {
		m, _ := e.(map[string]any)
		if !replaced(m, p.Providers) {
			out = append(out, e)
		}
	}
	for _, pr := range p.Providers {
		out = append(out, map[string]any{"name": pr.Name, "type": pr.Type, "url": pr.URL})
	}
	cfg["providers"] = out
	data, err := yaml.Marshal(cfg)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "clusterctl.yaml")
	return path, os.WriteFile(path, data, 0o600)
}

func replaced(m map[string]any, ps []ConfigProvider) bool {
	for _, p := range ps {
		if m["name"] == p.Name && m["type"] == p.Type {
			return true
		}
	}
	return false
}
