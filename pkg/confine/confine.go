// Package confine keeps a build's inputs inside one folder, the folder holding
// capirepo.yaml: paths are resolved through symbolic links and refused, with the
// file named, when they lead out of it.
package confine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// Root is the folder every input must stay inside.
type Root struct {
	dir  string // absolute, as configured
	real string // dir with symbolic links resolved
}

// New returns the root for dir (made absolute, symbolic links resolved).
func New(dir string) (*Root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("resolving %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("resolving %s: %w", dir, err)
	}
	return &Root{dir: abs, real: real}, nil
}

// Dir is the root folder as configured.
func (r *Root) Dir() string { return r.dir }

// Contains reports whether real (a path with symbolic links resolved) is the root
// or lies below it.
func (r *Root) Contains(real string) bool {
	return within(r.real, real)
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// Resolve resolves p through symbolic links and returns the real path; a path that
// leads outside the root is an error naming p (and the link target when they differ).
func (r *Root) Resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", fmt.Errorf("resolving %s: %w", p, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", dangling(p, abs, err)
	}
	if r.Contains(real) {
		return real, nil
	}
	return "", r.outside(p, real)
}

// dangling names p when it is a symbolic link whose target is missing (the error
// alone names only the target, which may be outside the tree).
func dangling(p, abs string, err error) error {
	if target, lerr := os.Readlink(abs); lerr == nil {
		return fmt.Errorf("%s is a symbolic link to %s, which cannot be read: %w; fix or remove the link", p, target, err)
	}
	return err
}

func (r *Root) outside(p, real string) error {
	if abs, _ := filepath.Abs(p); abs != real && r.Contains(r.lexical(abs)) {
		return fmt.Errorf("%s is a symbolic link to %s, outside %s: capirepo reads inputs only from inside the folder holding capirepo.yaml; copy the file into it", p, real, r.dir)
	}
	return fmt.Errorf("%s is outside %s: capirepo reads inputs only from inside the folder holding capirepo.yaml", p, r.dir)
}

// lexical maps an absolute path under the configured dir onto the real root, so a
// path written inside the tree counts as inside before its links are followed.
func (r *Root) lexical(abs string) string {
	if rel, err := filepath.Rel(r.dir, abs); err == nil && within(r.dir, abs) {
		return filepath.Join(r.real, rel)
	}
	return abs
}

// ReadFile reads p after checking that it resolves inside the root.
func (r *Root) ReadFile(p string) ([]byte, error) {
	real, err := r.Resolve(p)
	if err != nil {
		return nil, err
	}
	return fsx.ReadFile(real)
}

// CheckRel refuses a config path that is absolute or climbs out with "..": inputs
// are written relative to the folder holding capirepo.yaml and stay inside it.
func CheckRel(p string) error {
	if filepath.IsAbs(p) || strings.HasPrefix(p, "/") {
		return fmt.Errorf("%q is an absolute path: write it relative to the folder holding capirepo.yaml (inputs must be inside it)", p)
	}
	c := filepath.ToSlash(filepath.Clean(p))
	if c == ".." || strings.HasPrefix(c, "../") {
		return fmt.Errorf("%q leaves the folder holding capirepo.yaml: inputs must be inside it", p)
	}
	return nil
}
