package arch

import (
	"path/filepath"
	"strconv"
	"testing"
)

// readers are the imports through which a package reads repositories, files or the
// network.
var readers = map[string]bool{"os": true, "os/exec": true, "net/http": true, "io/ioutil": true,
	"github.com/capirepo/capirepo/pkg/source": true, "github.com/capirepo/capirepo/pkg/localrepo": true}

// A release's inventory is computed from bytes (pkg/inventory does no I/O), pkg/diff
// reads repositories in one file, load.go, and the upgrade rules (pkg/upgrade) read
// inventories only: the Repository interface that will replace today's readers
// changes one place.
func TestInventoryAndDiffReadInOnePlace(t *testing.T) {
	m := mustLoad(t)
	for _, path := range []string{"pkg/inventory", "pkg/diff", "pkg/upgrade"} {
		p := m.pkgs[path]
		if p == nil {
			t.Fatalf("package %s not found: update pkg/arch", path)
		}
		for _, f := range p.files {
			name := filepath.Base(m.fset.Position(f.Pos()).Filename)
			if path == "pkg/diff" && name == "load.go" {
				continue
			}
			for _, spec := range f.Imports {
				if imp, _ := strconv.Unquote(spec.Path.Value); readers[imp] {
					t.Errorf("%s: %s imports %s; %s", m.where(spec.Pos()), path, imp,
						"an inventory is computed from bytes, pkg/diff reads repositories only in load.go, and the upgrade rules read inventories")
				}
			}
		}
	}
}
