package local

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// cleanLeftovers removes what a crashed or killed publisher staged: hidden
// ".<version>.tmp-*" and ".<version>.old-*" folders in the label folders and
// ".clusterctl.yaml.tmp-*" in root. It runs under the lock, so no publisher is
// staging; other entries (junk folders included) are left alone.
func cleanLeftovers(root string) error {
	entries, err := os.ReadDir(root)
	if err != nil {
		return fmt.Errorf("reading repository root %s: %w", root, err)
	}
	for _, e := range entries {
		path := filepath.Join(root, e.Name())
		switch {
		case isStaged(e.Name()):
			if err := os.RemoveAll(path); err != nil {
				return fmt.Errorf("removing leftover %s of an interrupted publish: %w", path, err)
			}
		case e.IsDir() && !strings.HasPrefix(e.Name(), "."):
			if err := cleanLabel(path); err != nil {
				return err
			}
		}
	}
	return nil
}

func cleanLabel(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading %s: %w", dir, err)
	}
	for _, e := range entries {
		if !isStaged(e.Name()) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("removing leftover %s of an interrupted publish: %w", filepath.Join(dir, e.Name()), err)
		}
	}
	return nil
}

func isStaged(name string) bool {
	return strings.HasPrefix(name, ".") && (strings.Contains(name, tmpMark) || strings.Contains(name, oldMark))
}
