package variables

import (
	"path"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// Release inventories the variables of every file of a release clusterctl substitutes
// (all but metadata.yaml), naming each file dir/<name>.
func Release(r *release.Release, dir string) ([]FileVars, error) {
	var out []FileVars
	for _, f := range r.Files {
		if layout.FileKind(f.Name) == layout.KindMetadata {
			continue
		}
		fv, err := Collect(path.Join(dir, f.Name), f.Data)
		if err != nil {
			return nil, err
		}
		out = append(out, fv)
	}
	return out, nil
}
