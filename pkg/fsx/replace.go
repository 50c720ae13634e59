package fsx

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
	sw, err := f.Swap(staged, target)
	if err != nil {
		return err
	}
	SyncDir(filepath.Dir(target))
	if sw.Old == "" {
		return nil
	}
	return f.Remove(sw.Old)
}

// Swapped is a staged path Swap put at its target.
type Swapped struct {
	Staged, Target string
	// Old is where the replaced target now is ("" when target was missing): the
	// staged name after an exchange, else the set-aside name. Remove it once
	// everything committed with it is in place; Undo puts it back.
	Old string
}

// Swap puts staged at target like Replace, but keeps the replaced target (see
// Swapped.Old), so a caller committing several targets can undo them all.
func (f *FS) Swap(staged, target string) (*Swapped, error) {
	sw := &Swapped{Staged: staged, Target: target}
	if _, err := os.Lstat(target); errors.Is(err, fs.ErrNotExist) {
		return sw, f.Rename(staged, target)
	}
	err := errNoExchange
	if f == nil || !f.NoExchange {
		if err := f.step(OpRename, target); err != nil {
			return nil, err
		}
		err = exchange(staged, target)
	}
	if err == nil {
		sw.Old = staged
		return sw, nil
	}
	if !errors.Is(err, errNoExchange) {
		return nil, fmt.Errorf("exchanging %s with %s: %w", staged, target, err)
	}
	return f.swapAside(sw)
}

// swapAside renames the target aside, then the staged path in.
func (f *FS) swapAside(sw *Swapped) (*Swapped, error) {
	_, oldMark := f.marks()
	old := tempName(sw.Target, oldMark)
	if err := f.Rename(sw.Target, old); err != nil {
		return nil, err
	}
	if err := f.Rename(sw.Staged, sw.Target); err != nil {
		os.Rename(old, sw.Target)
		return nil, err
	}
	sw.Old = old
	return sw, nil
}

// Undo puts the replaced target back and the new content under its staged name.
func (sw *Swapped) Undo() {
	switch sw.Old {
	case "":
		os.Rename(sw.Target, sw.Staged)
	case sw.Staged:
		exchange(sw.Staged, sw.Target)
	default:
		os.Rename(sw.Target, sw.Staged)
		os.Rename(sw.Old, sw.Target)
	}
}

// Remove removes a replaced or staged path (a file or a whole folder).
func (f *FS) Remove(path string) error {
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
func (f *FS) Recover(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	_, oldMark := f.marks()
	var out []string
	for _, e := range entries {
		base, mark := f.StagedBase(e.Name())
		if mark != oldMark || base == "" {
			continue
		}
		target := filepath.Join(dir, base)
		if _, err := os.Lstat(target); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := os.Rename(filepath.Join(dir, e.Name()), target); err != nil {
			return out, fmt.Errorf("restoring %s, set aside by an interrupted run: %w", target, err)
		}
		out = append(out, target)
	}
	return out, nil
}

// Clean recovers dir (see Recover), then removes every other entry staged under f's
// mark. Call it only where the runs that staged them are known to be dead (under
// the lock every writer of dir takes); entries of other marks are left alone.
func (f *FS) Clean(dir string) error {
	if _, err := f.Recover(dir); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading %s: %w", dir, err)
	}
	for _, e := range entries {
		if !f.IsStaged(e.Name()) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("removing %s, left by an interrupted run: %w", filepath.Join(dir, e.Name()), err)
		}
	}
	return nil
}

// CleanOnly removes the entries of dir staged under f's mark for the named bases only
// (".mirror.json.tmp-*" for "mirror.json"): a writer's own leftovers beside files
// other writers stage in the same folder. Call it under the folder's lock.
func (f *FS) CleanOnly(dir string, bases ...string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading %s: %w", dir, err)
	}
	for _, e := range entries {
		base, mark := f.StagedBase(e.Name())
		if mark == "" || !slices.Contains(bases, base) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("removing %s, left by an interrupted run: %w", filepath.Join(dir, e.Name()), err)
		}
	}
	return nil
}
