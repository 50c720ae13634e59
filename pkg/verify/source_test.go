package verify

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/capirepo/capirepo/pkg/repository"
)

// dirSource is a repository.Repository over dir/<version>/<file> of the provider
// infrastructure-foo (components file comp): the local-repository model used by the
// tests, without the listing of files (Unlisted). skippingSource has the GitHub
// behaviour; listingSource lists files.
type dirSource struct {
	dir string
}

func (s dirSource) Info() repository.Info {
	return repository.Info{Kind: "test", Label: "infrastructure-foo", Components: comp, Unlisted: true}
}

func (s dirSource) Files(context.Context, string) ([]string, error) {
	return nil, errors.New("dirSource lists no files")
}

func (s dirSource) Bundles(ctx context.Context, version string) ([][]byte, error) {
	return repository.BundleFile(ctx, s, version)
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

func (s skippingSource) Info() repository.Info {
	i := s.dirSource.Info()
	i.SkipsMissing = true
	return i
}

type listingSource struct{ dirSource }

func (s listingSource) Info() repository.Info {
	i := s.dirSource.Info()
	i.Unlisted = false
	return i
}

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
