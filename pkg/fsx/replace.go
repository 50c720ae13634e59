package fsx

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// errNoExchange says the system or file system has no atomic exchange.
var errNoExchange = errors.New("atomic exchange not supported")

// Replace puts staged (a folder or file beside target) at target. A missing target is
// a plain rename. An existing one is swapped with one atomic exchange where the
// system has it (Linux renameat2), so target is never missing, and the old content,
// now under the staged name, is removed. Elsewhere the old target is first renamed
// aside to ".<base>.old-<random>"; a crash between the two renames leaves it there
// and Recover puts it back.
func (f *FS) Replace(staged, target string) error {
	if _, err := os.Lstat(target); errors.Is(err, fs.ErrNotExist) {
		if err := f.Rename(staged, target); err != nil {
			return err
		}
		SyncDir(filepath.Dir(target))
		return nil
	}
	if err := f.step(OpRename, target); err != nil {
		return err
	}
	err := exchange(staged, target)
	if errors.Is(err, errNoExchange) {
		return f.replaceAside(staged, target)
	}
	if err != nil {
		return fmt.Errorf("exchanging %s with %s: %w", staged, target, err)
	}
	SyncDir(filepath.Dir(target))
	return f.remove(staged)
}

func (f *FS) replaceAside(staged, target string) error {
	old := TempName(target, OldMark)
	if err := f.Rename(target, old); err != nil {
		return err
	}
	if err := f.Rename(staged, target); err != nil {
		os.Rename(old, target)
		return err
	}
	SyncDir(filepath.Dir(target))
	return f.remove(old)
}

func (f *FS) remove(path string) error {
	if err := f.step(OpRemove, path); err != nil {
		return err
	}
	if err := os.RemoveAll(path); err != nil {
		return fmt.Errorf("removing the replaced %s: %w", path, err)
	}
	return nil
}

// Recover puts back, in folder dir, every ".<name>.old-*" entry whose <name> is
// missing: what a crash between Replace's two renames left. It returns the restored
// paths; other staged entries are left for the caller's leftover cleaning.
func Recover(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	var out []string
	for _, e := range entries {
		base, mark := StagedBase(e.Name())
		if mark != OldMark || base == "" {
			continue
		}
		target := filepath.Join(dir, base)
		if _, err := os.Lstat(target); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := os.Rename(filepath.Join(dir, e.Name()), target); err != nil {
			return out, fmt.Errorf("restoring %s: %w", target, err)
		}
		out = append(out, target)
	}
	return out, nil
}

// Replace puts staged at target (see FS.Replace).
func Replace(staged, target string) error { return (*FS)(nil).Replace(staged, target) }
