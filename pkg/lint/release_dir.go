package lint

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/release"
)

// templatesDir assembles a folder of templates and ClusterClasses into one release, so
// the ClusterClass cross-check applies; no metadata, so no version rules.
func templatesDir(dir string) (Target, bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return Target{}, false, nil
	}
	r := &release.Release{Version: "v0.0.0", Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "unknown"}}
	for _, e := range entries {
		k := layout.FileKind(e.Name())
		if !e.Type().IsRegular() || k != layout.KindTemplate && k != layout.KindClusterClass {
			continue
		}
		data, err := localrepo.ReadCapped(filepath.Join(dir, e.Name()), httpx.CapFor(e.Name(), 0))
		if err != nil {
			return Target{}, false, err
		}
		r.Files = append(r.Files, release.File{Name: e.Name(), Data: data})
	}
	return Target{Release: r, Dir: dir}, len(r.Files) > 0, nil
}

// releaseDir loads dir as <label>/<version>/ (a version folder of a local
// repository, read with its size caps) when it holds release files.
func releaseDir(dir string) (Target, bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return Target{}, false, nil
	}
	r := &release.Release{Version: filepath.Base(dir)}
	r.Type, r.Name = layout.ParseLabel(filepath.Base(filepath.Dir(dir)))
	var comps []string
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		data, err := localrepo.ReadCapped(filepath.Join(dir, e.Name()), httpx.CapFor(e.Name(), 0))
		if err != nil {
			return Target{}, false, err
		}
		r.Files = append(r.Files, release.File{Name: e.Name(), Data: data})
		if layout.FileKind(e.Name()) == layout.KindComponents {
			comps = append(comps, e.Name())
		}
	}
	r.ComponentsFile = layout.MainComponents(r.Type, comps)
	if r.ComponentsFile == "" && r.File("metadata.yaml") == nil {
		return Target{}, false, nil
	}
	return Target{Release: r, Dir: dir, Partial: !layout.IsVersion(r.Version)}, true, nil
}
