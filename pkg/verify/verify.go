// Package verify reads a provider repository the way clusterctl (v1.7+) does and
// reports what clusterctl will see: which version `latest` resolves to for each
// clusterctl generation, the files of every version, and repository-level problems
// (missing metadata.yaml, badly named version folders, metadata that breaks
// `clusterctl upgrade plan`). It does not import any backend: it consumes Source.
package verify

import "context"

// Contracts of the two clusterctl generations that resolve `latest` differently.
const (
	ContractV1Beta1 = "v1beta1" // clusterctl v1.7 … v1.10
	ContractV1Beta2 = "v1beta2" // clusterctl v1.11+
)

// Clients lists the clusterctl generations verify models, oldest first.
func Clients() []Client {
	return []Client{
		{Name: "clusterctl v1.7-v1.10", Contract: ContractV1Beta1},
		{Name: "clusterctl v1.11+", Contract: ContractV1Beta2},
	}
}

// Client is one clusterctl generation: its name for reports and its own contract.
type Client struct {
	Name     string `json:"client"`
	Contract string `json:"contract"`
}

// Source is one provider's releases in one repository.
//
// Versions returns the names of the release folders or tags as they are, including
// names that are not versions: verify applies clusterctl's filter itself, so it can
// warn about names clusterctl silently skips. File returns one file of one version;
// a missing file should be an error that wraps fs.ErrNotExist.
type Source interface {
	Versions(ctx context.Context) ([]string, error)
	File(ctx context.Context, version, name string) ([]byte, error)
}

// Lister is optional: a Source that can list the file names of a version, so verify
// also loads the templates and ClusterClasses. Without it verify reads only
// metadata.yaml and the components file.
type Lister interface {
	Files(ctx context.Context, version string) ([]string, error)
}

// MissingSkipper is optional. clusterctl's GitHub repository skips a `latest`
// candidate whose metadata.yaml is missing (HTTP 404), while its local repository
// treats any read error as fatal. A Source for which SkipsMissing returns true gets the
// GitHub behaviour for errors wrapping fs.ErrNotExist; every other Source the local one.
type MissingSkipper interface {
	SkipsMissing() bool
}

func skipsMissing(src Source) bool {
	s, ok := src.(MissingSkipper)
	return ok && s.SkipsMissing()
}
