// Package verify reads a provider repository the way clusterctl (v1.7+) does and
// reports what clusterctl will see: which version `latest` resolves to for each
// clusterctl generation, the files of every version, and repository-level problems
// (missing metadata.yaml, badly named version folders, metadata that breaks
// `clusterctl upgrade plan`). It does not import any backend: it reads a
// repository.Repository, and lints with pkg/check and checks signatures with pkg/sign.
package verify

import "github.com/capirepo/capirepo/pkg/layout"

// generations lists the clusterctl generations verify models, oldest first.
func generations() []Client {
	return []Client{
		{Name: "clusterctl v1.7-v1.10", Contract: layout.ContractV1beta1},
		{Name: "clusterctl v1.11+", Contract: layout.ContractV1beta2},
	}
}

// Client is one clusterctl generation: its name for reports and its own contract.
type Client struct {
	Name     string `json:"client"`
	Contract string `json:"contract"`
}
