package mirror

import "github.com/capirepo/capirepo/pkg/clusterctlcfg"

// Provider is one clusterctl provider configuration entry.
type Provider = clusterctlcfg.Provider

// Builtin returns clusterctl's built-in provider list.
func Builtin() ([]Provider, error) { return clusterctlcfg.Builtin() }

// ReadConfig reads and validates the providers: list of a clusterctl.yaml.
func ReadConfig(file string) ([]Provider, error) { return clusterctlcfg.ReadProviders(file) }

// Merge returns base with the entries of extra replacing or extending it.
func Merge(base, extra []Provider) []Provider { return clusterctlcfg.Merge(base, extra) }

func find(list []Provider, name, typ string) int { return clusterctlcfg.Find(list, name, typ) }
