package local

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// readHeld hashes the release files of a published version folder (the checksum file
// excluded), or returns nil when there is none. An entry that is not a regular file
// gets an empty digest, so it always differs.
func readHeld(dir string, rel *release.Release) (*publish.Held, error) {
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("checking %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("checking %s: it exists and is not a directory: move it away, then publish again", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	h := &publish.Held{Files: map[string]string{}, Sealed: true}
	for _, e := range entries {
		if e.Name() == localrepo.ChecksumFile {
			continue
		}
		if h.Files[e.Name()], err = hashEntry(filepath.Join(dir, e.Name()), e); err != nil {
			return nil, err
		}
		if rel.File(e.Name()) == nil {
			h.Extra = append(h.Extra, e.Name())
		}
	}
	return h, nil
}

func hashEntry(path string, e fs.DirEntry) (string, error) {
	if !e.Type().IsRegular() {
		return "", nil
	}
	data, err := fsx.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", path, err)
	}
	return release.SHA256(data), nil
}
