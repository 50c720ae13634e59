package mirror

import (
	"fmt"
	"os"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// Caps of what mirror reads back from its own folder.
const (
	maxManifestSize = httpx.MaxFileSize // mirror.json
	maxSumsSize     = 1 << 20           // a version's sha256 file
)

// readCapped reads a regular file of the mirror folder: a symbolic link or another
// non-regular entry is refused, and so is a file over limit (checked before reading).
func readCapped(path string, limit int64) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("reading %s: not a regular file (%s): the mirror folder holds plain files only; remove it", path, fi.Mode().Type())
	}
	if fi.Size() > limit {
		return nil, httpx.TooLarge(path, limit)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := httpx.ReadAll(f, limit, path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, nil
}
