package publish

import "github.com/capirepo/capirepo/pkg/clusterctlcfg"

// Provider is one entry of clusterctl.yaml's providers: list.
type Provider = clusterctlcfg.Provider

// ProvidersSnippet formats the providers: entries every destination prints, in one
// format: a clusterctl.yaml fragment to copy (clusterctlcfg.Snippet).
func ProvidersSnippet(ps []Provider) string { return clusterctlcfg.Snippet(ps) }
