package fsx

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// CreateFile writes a new file (never an existing one) with mode 0644 less umask and
// syncs it to disk, or hands it to f.Writer when set.
func (f *FS) CreateFile(path string, data []byte) error {
	if err := f.step(OpWrite, path); err != nil {
		return err
	}
	if f == nil || f.Writer == nil {
		return createFile(path, data)
	}
	if err := f.Writer.WriteFile(path, data); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

func createFile(path string, data []byte) error {
	w, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, FileMode)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	_, err = w.Write(data)
	if err == nil {
		err = w.Sync()
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// WriteFile replaces path with data atomically: the data goes to a synced hidden
// file beside it, which is renamed over path. Readers see the old or the new file.
// A new file gets 0644 less umask; a replaced one keeps its permission bits (a
// clusterctl.yaml holding a token may be 0600 on purpose).
func (f *FS) WriteFile(path string, data []byte) error {
	tmp := f.TempName(path)
	if err := f.CreateFile(tmp, data); err != nil {
		return err
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() {
		if err := os.Chmod(tmp, fi.Mode().Perm()); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("keeping the mode of %s: %w", path, err)
		}
	}
	if err := f.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	SyncDir(filepath.Dir(path))
	return nil
}

// WriteNew creates path with data like WriteFile (staged, then renamed into place),
// but never replaces a file: an existing path is an error wrapping fs.ErrExist. The
// check and the rename are two steps: callers exclude other writers with a lock.
func (f *FS) WriteNew(path string, data []byte) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("writing %s: %w", path, fs.ErrExist)
	}
	tmp := f.TempName(path)
	if err := f.CreateFile(tmp, data); err != nil {
		return err
	}
	if err := f.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	SyncDir(filepath.Dir(path))
	return nil
}

// Rename renames from to to (a file, or a folder onto a missing target).
func (f *FS) Rename(from, to string) error {
	if err := f.step(OpRename, to); err != nil {
		return err
	}
	if err := os.Rename(from, to); err != nil {
		return fmt.Errorf("renaming %s to %s: %w", from, to, err)
	}
	return nil
}

// SyncDir flushes a folder's entries to disk. It is best effort: some systems cannot
// sync a folder, and the files in it were synced when written.
func SyncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// CreateFile writes a new file (see FS.CreateFile).
func CreateFile(path string, data []byte) error { return (*FS)(nil).CreateFile(path, data) }
