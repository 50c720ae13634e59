package layout

import (
	"path/filepath"
	"strings"
)

// LocalPath is a local repository URL as clusterctl splits it: {Base}/{Label}/{Version}/{File}.
type LocalPath struct {
	Base, Label, Version, File string
}

// Dir is the version folder.
func (l LocalPath) Dir() string { return filepath.Join(l.Base, l.Label, l.Version) }

// SplitLocal splits the path of a local provider URL the way clusterctl does
// (repository_local.go newLocalRepository): the last three elements are the label,
// the version and the file, the rest (cleaned) the base. ok is false when the path
// has fewer than four elements; the callers check the version and the label.
func SplitLocal(path string) (l LocalPath, ok bool) {
	parts := strings.Split(path, string(filepath.Separator))
	if len(parts) < 4 {
		return l, false
	}
	n := len(parts)
	l = LocalPath{Label: parts[n-3], Version: parts[n-2], File: parts[n-1]}
	l.Base = filepath.Clean(strings.Join(parts[:n-3], string(filepath.Separator)) + string(filepath.Separator))
	return l, true
}
