package localrepo

import (
	"context"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/release"
)

// StageVersion writes a version folder into st: the release files, their checksum
// file, then kept (what the published version holds beside them, carried over and
// left out of the checksum file). It stops between files when ctx ends.
func StageVersion(ctx context.Context, st *fsx.Stage, files, kept []release.File) error {
	all := append(append(append([]release.File(nil), files...), release.File{Name: ChecksumFile, Data: Checksums(files)}), kept...)
	for _, f := range all {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := st.WriteFile(f.Name, f.Data); err != nil {
			return err
		}
	}
	return nil
}
