package mirror

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
)

// Latest is the version that asks for clusterctl's `latest` resolution.
const Latest = "latest"

// Pick is one provider version to mirror; Version may be Latest.
type Pick struct {
	Provider Provider
	Version  string
}

// String is "infrastructure-aws v2.0.0".
func (p Pick) String() string { return p.Provider.Label() + " " + p.Version }

// selectPicks turns clusterctl-style "name[:version]" arguments of one provider type into
// picks from list. Without a version the URL's version segment is used (usually latest).
func selectPicks(list []Provider, typ layout.Type, args []string) ([]Pick, error) {
	var out []Pick
	for _, arg := range args {
		name, version, _ := strings.Cut(arg, ":")
		if strings.Contains(version, ":") || name == "" {
			return nil, fmt.Errorf("provider %q: want name[:version], e.g. aws:v2.0.0", arg)
		}
		i := clusterctlcfg.Find(list, layout.Provider{Name: strings.ToLower(name), Type: typ})
		if i < 0 {
			return nil, fmt.Errorf("provider %q: no %s named %s in the built-in list or --from-config; add it to the clusterctl.yaml given with --from-config", arg, typ, name)
		}
		if version == "" {
			version = list[i].URLVersion()
		}
		if err := checkVersion(version); err != nil {
			return nil, fmt.Errorf("provider %q: %w", arg, err)
		}
		out = append(out, Pick{Provider: list[i], Version: version})
	}
	return out, nil
}

// configPicks adds, for every provider of a --from-config file that no pick names
// yet, a pick of the version in its URL.
func configPicks(picked []Pick, extra []Provider) ([]Pick, error) {
	out := append([]Pick(nil), picked...)
	for _, p := range extra {
		if named(out, p) {
			continue
		}
		if err := checkVersion(p.URLVersion()); err != nil {
			return nil, fmt.Errorf("provider %s (%s) url %q: %w", p.Name, p.Type, p.URL, err)
		}
		out = append(out, Pick{Provider: p, Version: p.URLVersion()})
	}
	return out, nil
}

func named(picks []Pick, p Provider) bool {
	for _, k := range picks {
		if k.Provider.Name == p.Name && k.Provider.Type == p.Type {
			return true
		}
	}
	return false
}

func checkVersion(v string) error {
	if v == Latest {
		return nil
	}
	_, err := layout.ParseVersion(v)
	return err
}

// Picks reads the provider list (built-in, replaced and extended by the providers:
// of fromConfig when given) and turns the name[:version] arguments per provider type
// into picks; every fromConfig provider no argument names is picked at its URL's
// version.
func Picks(fromConfig string, args map[layout.Type][]string) ([]Pick, error) {
	list, err := clusterctlcfg.Builtin()
	if err != nil {
		return nil, err
	}
	var extra []Provider
	if fromConfig != "" {
		if extra, err = clusterctlcfg.ReadProviders(fromConfig); err != nil {
			return nil, err
		}
		list = clusterctlcfg.Merge(list, extra)
	}
	var picks []Pick
	for _, t := range layout.Types {
		p, err := selectPicks(list, t, args[t])
		if err != nil {
			return nil, fmt.Errorf("--%s: %w", layout.TypeFlag(t), err)
		}
		picks = append(picks, p...)
	}
	return configPicks(picks, extra)
}
