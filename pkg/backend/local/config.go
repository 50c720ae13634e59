package local

import (
	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/release"
)

// Provider is one providers: entry of clusterctl.yaml.
type Provider = clusterctlcfg.Provider

// entries are the providers: entries for a set published under root, with `latest`
// as the version segment, in the order the set names them.
func entries(root string, set *release.Set) []Provider {
	var out []Provider
	seen := map[string]bool{}
	for _, r := range set.Releases {
		if seen[r.Label()] {
			continue
		}
		seen[r.Label()] = true
		out = append(out, clusterctlcfg.Local(root, r.Provider, "latest", r.ComponentsFile))
	}
	return out
}

// merge adds or updates the entries in a clusterctl.yaml, keeping every other entry,
// top-level key and comment. changed is false when it already has them all.
func merge(cfg *clusterctlcfg.Config, want []Provider) (out []byte, changed bool, err error) {
	if err := cfg.SetProviders(want...); err != nil {
		return nil, false, err
	}
	if changed, err = cfg.Changed(); err != nil || !changed {
		return nil, false, err
	}
	out, err = cfg.Bytes()
	return out, err == nil, err
}
