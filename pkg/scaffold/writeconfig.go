package scaffold

import (
	"context"

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
