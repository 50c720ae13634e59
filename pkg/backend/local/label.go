package local

import (
	"fmt"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/output"
	"github.com/capirepo/capirepo/pkg/release"
)

// buildEntries reads the providers build recorded in dir's index (pkg/output), keyed
// by label; none when dir is not build output (clusterctl.yaml is never parsed back).
func buildEntries(dir string) (map[string]output.Entry, error) {
	return output.ReadIndex(dir)
}

// findComponents picks the one components file of a version folder.
func findComponents(dir string, files []release.File) (string, error) {
	var found []string
	for _, f := range files {
		if layout.FileKind(f.Name) == layout.KindComponents {
			found = append(found, f.Name)
		}
	}
	if len(found) == 0 {
		return "", fmt.Errorf("reading %s: no *-components.yaml found; build the tree with capirepo build, whose index names the components file", dir)
	}
	typ, _ := layout.ParseLabel(filepath.Base(filepath.Dir(dir)))
	return layout.MainComponents(typ, found), nil
}
