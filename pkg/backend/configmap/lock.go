package configmap

import (
	"context"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// Lock creates the folder and takes its publisher lock (DIR/.capirepo.lock, the lock
// publish local takes on its root), so a second run into the folder waits for this
// one. Holding it, every staged name with capirepo's mark in the folder
// (".<file>.capirepo-tmp-*", ".<file>.capirepo-old-*") belongs to a run that died:
// they are removed (a set-aside file whose target is missing is put back). Other
// tools' hidden files are left alone. Publish does not lock a dry run.
func (d *Dest) Lock(ctx context.Context) (func(), error) {
	unlock, err := fsx.Lock(ctx, d.Dir, 0)
	if err != nil {
		return nil, err
	}
	if err := d.fs().Clean(d.Dir); err != nil {
		unlock()
		return nil, err
	}
	return unlock, nil
}

// fs writes the folder's files with capirepo's mark, through Hook when set.
func (d *Dest) fs() *fsx.FS { return &fsx.FS{Mark: fsx.Mark, Hook: d.Hook} }
