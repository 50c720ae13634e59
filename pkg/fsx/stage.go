package fsx

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Stage is a folder written beside its target, then put in place by Commit.
type Stage struct {
	fs     *FS
	Dir    string // the hidden staging folder, ".<base>.tmp-<random>" (see FS.Mark) beside Target
	Target string
}

// NewStage creates the staging folder of target (mode 0755 less umask), making
// target's parent folders first.
func (f *FS) NewStage(target string) (*Stage, error) {
	if err := os.MkdirAll(filepath.Dir(target), DirMode); err != nil {
		return nil, fmt.Errorf("creating %s: %w", filepath.Dir(target), err)
	}
	for range 5 {
		dir := f.TempName(target)
		err := os.Mkdir(dir, DirMode)
		if err == nil {
			return &Stage{fs: f, Dir: dir, Target: target}, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("staging %s: %w", target, err)
		}
	}
	return nil, fmt.Errorf("staging %s: no free temporary name", target)
}

// WriteFile creates the file at rel (a slash-separated path inside the folder),
// making its parent folders; a path that would leave the folder is refused.
func (s *Stage) WriteFile(rel string, data []byte) error {
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return fmt.Errorf("staging %s: %q is not a path inside the folder", s.Target, rel)
	}
	path := filepath.Join(s.Dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), DirMode); err != nil {
		return fmt.Errorf("creating %s: %w", filepath.Dir(path), err)
	}
	return s.fs.CreateFile(path, data)
}

// Commit puts the staged folder at its target (see Replace).
func (s *Stage) Commit() error {
	SyncDir(s.Dir)
	return s.fs.Replace(s.Dir, s.Target)
}

// Discard removes the staging folder; after Commit it does nothing.
func (s *Stage) Discard() {
	os.RemoveAll(s.Dir)
}
