package local

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// recoverLeftovers runs under the repository lock, so every name with a capirepo
// staging mark belongs to a run that is dead (a live one would hold the lock). It
// restores a version a dead --force run had set aside and not yet replaced, and
// removes the rest: staged folders, swapped-out old versions, a staged
// clusterctl.yaml. Other entries (other tools' temporary files, junk) are left alone.
func recoverLeftovers(root string) error {
	entries, err := os.ReadDir(root)
	if err != nil {
		return fmt.Errorf("reading repository root %s: %w", root, err)
	}
	for _, e := range entries {
		path := filepath.Join(root, e.Name())
		var err error
		switch {
		case isStaged(e.Name()):
			err = recoverOne(path)
		case e.IsDir() && !strings.HasPrefix(e.Name(), "."):
			err = recoverLabel(path)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func recoverLabel(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading %s: %w", dir, err)
	}
	for _, e := range entries {
		if !isStaged(e.Name()) {
			continue
		}
		if err := recoverOne(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// recoverOne restores a set-aside version whose place is empty, else removes path.
func recoverOne(path string) error {
	if orig, ok := setAside(path); ok {
		_, err := os.Lstat(orig)
		if errors.Is(err, fs.ErrNotExist) {
			if err := os.Rename(path, orig); err != nil {
				return fmt.Errorf("restoring %s, set aside by an interrupted publish --force: %w", orig, err)
			}
			return nil
		}
	}
	if err := os.RemoveAll(path); err != nil {
		return fmt.Errorf("removing leftover %s of an interrupted publish: %w", path, err)
	}
	return nil
}

// setAside returns the version folder a ".<version>.capirepo-old-*" name stands for.
func setAside(path string) (string, bool) {
	base := filepath.Base(path)
	i := strings.Index(base, oldMark)
	if i < 1 {
		return "", false
	}
	return filepath.Join(filepath.Dir(path), base[1:i]), true
}

func isStaged(name string) bool {
	return strings.HasPrefix(name, ".") && (strings.Contains(name, tmpMark) || strings.Contains(name, oldMark))
}
