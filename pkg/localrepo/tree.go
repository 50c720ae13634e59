package localrepo

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// StageTree starts writing a whole tree at out (build output), to be put in place
// with the stage's Commit, under fsx.LockBeside(out), which first removes what a dead
// run staged beside out. done discards what was not committed and unlocks.
func StageTree(ctx context.Context, out string) (st *fsx.Stage, done func(), err error) {
	if err := os.MkdirAll(filepath.Dir(out), fsx.DirMode); err != nil {
		return nil, nil, fmt.Errorf("creating %s: %w", filepath.Dir(out), err)
	}
	unlock, err := fsx.LockBeside(ctx, out)
	if err != nil {
		return nil, nil, err
	}
	if st, err = (&fsx.FS{Mark: fsx.Mark}).NewStage(out); err != nil {
		unlock()
		return nil, nil, err
	}
	return st, func() { st.Discard(); unlock() }, nil
}
