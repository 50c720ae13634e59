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
func writeConfig(dir string, p Plan, cfg map[string]any) (string, error) {
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

// readUserConfig reads the user's clusterctl config (none: an empty one).
func readUserConfig(p Plan) (map[string]any, error) {
	cfg := map[string]any{}
	if p.UserConfig == "" && len(p.Init) > 0 {
		return nil, missing("--clusterctl-config FILE is needed: a clusterctl config naming cluster-api's core, bootstrap " +
			"and control-plane providers by local file (an air-gapped mirror's clusterctl.yaml); the install reaches no network")
	}
	if p.UserConfig == "" {
		return cfg, nil
	}
	data, err := fsx.ReadFile(p.UserConfig)
	if err != nil {
		return nil, missing("--clusterctl-config: %v", err)
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		return nil, missing("%s: %v", p.UserConfig, err)
	}
	if cfg == nil {
		cfg = map[string]any{}
	}
	return cfg, nil
}

func replaced(m map[string]any, ps []ConfigProvider) bool {
	for _, p := range ps {
		if m["name"] == p.Name && m["type"] == p.Type {
			return true
		}
	}
	return false
}
