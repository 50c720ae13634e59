package check

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
)

// TestRepoFindingsNameTheVersionFolder: findings of a release read from a repository
// name its files under <label>/<version>/, from files or from a release.
func TestRepoFindingsNameTheVersionFolder(t *testing.T) {
	t.Parallel()
	files := map[string][]byte{"cluster-template.yaml": []byte("kind: [\n")}
	r := &release.Release{Provider: layout.Provider{Type: "InfrastructureProvider", Name: "foo"}, Version: layout.NamedVersion("v1.0.0"),
		Files: []release.File{{Name: "cluster-template.yaml", Data: files["cluster-template.yaml"]}}}
	for name, fs := range map[string][]string{"files": files2names(RepoFiles("infrastructure-foo", layout.NamedVersion("v1.0.0"), files)), "release": files2names(RepoRelease(r))} {
		found := false
		for _, f := range fs {
			found = found || strings.HasPrefix(f, "infrastructure-foo/v1.0.0/cluster-template.yaml")
		}
		if !found {
			t.Errorf("%s: no finding names infrastructure-foo/v1.0.0/cluster-template.yaml: %v", name, fs)
		}
	}
}

func files2names(fs lint.Findings) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.File)
	}
	return out
}
