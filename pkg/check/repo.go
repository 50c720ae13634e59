package check

import (
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
)

// RepoRelease runs every rule over a release as found in a repository, in its folder
// <label>/<version>/ (findings name files under it): mirror lints what it downloads.
func RepoRelease(r *release.Release) lint.Findings {
	return Release(r, Options{Dir: r.Dir()})
}

// RepoFiles runs every rule over one version's files read from a repository (verify):
// the type and name come from the label, the components file is the one clusterctl
// would take among the files' names.
func RepoFiles(label string, version layout.Version, files map[string][]byte) lint.Findings {
	r := &release.Release{Version: version}
	r.Type, r.Name = layout.ParseLabel(label)
	var comps []string
	for name, data := range files {
		r.Files = append(r.Files, release.File{Name: name, Data: data})
		if layout.FileKind(name) == layout.KindComponents {
			comps = append(comps, name)
		}
	}
	r.ComponentsFile = layout.MainComponents(r.Type, comps)
	r.Sort()
	return Release(r, Options{Dir: layout.VersionDir(label, version.String())})
}
