package scaffold

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/fsx"
)

// WriteConfig creates the config file target with data and never replaces a file (an
// existing one is an error wrapping fs.ErrExist). It holds the lock on target's folder
// that every capirepo writer there takes (fsx.LockBeside, which first removes
// what a killed run staged beside it) and writes staged and renamed into place, so a
// kill never leaves a partial file.
func WriteConfig(ctx context.Context, target string, data []byte) error {
	unlock, err := fsx.LockBeside(ctx, target)
	if err != nil {
		return err
	}
	defer unlock()
	return (&fsx.FS{Mark: fsx.Mark}).WriteNew(target, data)
}

// ConfigPath is where init writes the config of the provider tree dir. An existing
// file there is an error wrapping fs.ErrExist: init never overwrites a file.
func ConfigPath(dir string) (string, error) {
	target := filepath.Join(dir, config.DefaultFile)
	if _, err := os.Lstat(target); err == nil {
		return target, fmt.Errorf("%s: %w; init never overwrites a file: move it away, or print a proposal with capirepo init --stdout %s", target, fs.ErrExist, dir)
	}
	return target, nil
}
