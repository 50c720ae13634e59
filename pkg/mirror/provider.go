package mirror

import "github.com/capirepo/capirepo/pkg/clusterctlcfg"

// Provider is one clusterctl provider configuration entry.
type Provider = clusterctlcfg.Provider
