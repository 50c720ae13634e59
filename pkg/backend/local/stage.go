package local

import (
	"context"
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

// Staged names carry capirepo's mark (fsx.FS.Mark): ROOT/<label>/.<version>.capirepo-tmp-XXXX
// (a version being written, or the old one after an exchange), .<version>.capirepo-old-XXXX
// (a replaced version set aside where the system cannot exchange) and
// ROOT/.clusterctl.yaml.capirepo-tmp-XXXX. They start with a dot and are not versions,
// so clusterctl never lists them; the mark keeps them apart from other tools'
// temporary files (mirror's ".*.tmp-*"), which leftover cleaning never touches.
const (
	mark    = fsx.Mark
	oldMark = "." + mark + "-old-"
)

// recoverLeftovers runs under the repository lock, so every name with capirepo's
// staging mark in root or a label folder belongs to a run that is dead (a live one
// would hold the lock): a version a dead --force run had set aside is restored, the
// rest removed. Other entries (other tools' temporary files, junk) are left alone.
func recoverLeftovers(root string) error {
	f := &fsx.FS{Mark: mark}
	labels, err := localrepo.Folders(root)
	if err != nil {
		return fmt.Errorf("reading repository root %s: %w", root, err)
	}
	for _, l := range labels {
		if err := f.Clean(filepath.Join(root, l)); err != nil {
			return err
		}
	}
	return f.Clean(root)
}

// staging is what Apply prepared: folders and a config file next to their
// destinations, and the label folders it had to create.
type staging struct {
	fs      *fsx.FS
	dirs    map[string]*fsx.Stage // version folder → its stage
	config  string                // staged clusterctl.yaml, "" when unchanged
	created []string              // label folders made for staging
}

// stageAll writes every changing version into its staged folder: the release files,
// the checksum file and, when the version was published, the files it held that the
// build does not have (they are kept). On error it removes what it staged.
func (st *staging) stageAll(ctx context.Context, root string, vs []publish.VersionSteps) error {
	for _, v := range vs {
		dir := versionDir(root, v)
		s, err := st.stage(ctx, dir, v)
		if err != nil {
			st.discard()
			return err
		}
		st.dirs[dir] = s
	}
	return nil
}

func (st *staging) stage(ctx context.Context, dir string, v publish.VersionSteps) (*fsx.Stage, error) {
	labelDir := filepath.Dir(dir)
	if err := os.Mkdir(labelDir, fsx.DirMode); err == nil {
		st.created = append(st.created, labelDir)
	} else if !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("creating %s: %w", labelDir, err)
	}
	s, err := st.fs.NewStage(dir)
	if err != nil {
		return nil, err
	}
	var kept []release.File
	if v.Held != nil {
		kept, err = localrepo.ReadTree(dir, v.Held.Extra) // what the version holds and the build does not
	}
	if err == nil {
		err = localrepo.StageVersion(ctx, s, v.Release.Files, kept)
	}
	if err != nil {
		s.Discard()
		return nil, fmt.Errorf("staging %s: %w", v.Release, err)
	}
	return s, nil
}

// discard removes everything staged and the label folders made for it.
func (st *staging) discard() {
	for _, s := range st.dirs {
		s.Discard()
	}
	if st.config != "" {
		os.Remove(st.config)
	}
	for _, dir := range st.created {
		os.Remove(dir) // only when empty: a concurrent reader's view is never touched
	}
}
