package render

import (
	"sigs.k8s.io/kustomize/kyaml/filesys"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// regularFS is kustomize's disk filesystem whose reads go through fsx.Open: a named
// pipe, socket or device among a build's inputs is refused with its path, never
// opened (a pipe would block the build forever).
type regularFS struct{ filesys.FileSystem }

func (regularFS) ReadFile(p string) ([]byte, error) { return fsx.ReadFile(p) }

func (regularFS) Open(p string) (filesys.File, error) {
	f, err := fsx.Open(p)
	if err != nil {
		return nil, err
	}
	return f, nil
}
