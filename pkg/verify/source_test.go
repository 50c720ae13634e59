package verify

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// dirSource is a Source over dir/<version>/<file>: the local-repository model used by
// the tests. skip turns on the GitHub behaviour; list adds the Lister capability.
type dirSource struct {
	dir string
}

func (s dirSource) Versions(context.Context) ([]string, error) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

func (s dirSource) File(_ context.Context, version, name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(s.dir, version, name))
}

type skippingSource struct{ dirSource }

func (skippingSource) SkipsMissing() bool { return true }

type listingSource struct{ dirSource }

func (s listingSource) Files(_ context.Context, version string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(s.dir, version))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out, nil
}

// md builds a metadata.yaml with the given "major.minor contract" series.
func md(series ...string) string {
	out := "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n"
	for _, s := range series {
		var major, minor int
		var contract string
		if _, err := fmt.Sscanf(s, "%d.%d %s", &major, &minor, &contract); err != nil {
			panic(fmt.Sprintf("series %q: %v", s, err))
		}
		out += fmt.Sprintf("- major: %d\n  minor: %d\n  contract: %s\n", major, minor, contract)
	}
	return out
}
