package check

import (
	"errors"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/release"
)

// templatesDir assembles a folder of templates and ClusterClasses into one release, so
// the ClusterClass cross-check applies; no metadata, so no version rules.
func templatesDir(dir string) (Target, bool, error) {
	files, err := readFiles(dir, func(n string) bool {
		k := layout.FileKind(n)
		return k == layout.KindTemplate || k == layout.KindClusterClass
	})
	if err != nil {
		return Target{}, false, err
	}
	r := &release.Release{Version: looseVersion, Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "unknown"}, Files: files}
	return Target{Release: r, Dir: dir}, len(r.Files) > 0, nil
}

// readFiles reads the regular files of dir that keep accepts, in name order and with
// their size caps; a folder that cannot be listed holds none.
func readFiles(dir string, keep func(name string) bool) ([]release.File, error) {
	names, err := localrepo.List(dir, localrepo.Listing{Files: true, Refuse: localrepo.RefuseSpecial})
	if errors.Is(err, fsx.ErrSpecial) {
		return nil, err
	}
	if err != nil {
		return nil, nil
	}
	var kept []string
	for _, n := range names {
		if keep(n) {
			kept = append(kept, n)
		}
	}
	return localrepo.ReadFiles(dir, kept, 0)
}
