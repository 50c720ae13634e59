// Package release holds the data that flows from build (or a mirror source) to the
// publishers: a Set of provider releases, each a version (layout.Version) with its
// files. It has no I/O and imports only pkg/layout. Publishers read a set and never
// change it (a destination that needs another shape copies); before a set is written,
// sign.Attach adds each release's signature bundle to its files.
package release

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// File is one release asset, held in memory.
type File struct {
	Name string
	Data []byte
}

// SHA256 returns the hex sha256 of the file's content.
func (f File) SHA256() string { return SHA256(f.Data) }

// SHA256 is the lowercase hex sha256 of data, the form every destination compares.
func SHA256(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Release is one version of one provider.
type Release struct {
	layout.Provider                // type and name; Label() comes from it
	Version         layout.Version // v1.2.3, parsed where it entered (a flag, a folder, a tag)
	ComponentsFile  string         // e.g. "infrastructure-components.yaml"
	Files           []File         // sorted by name
}

// String names the release for messages: "infrastructure-aws v1.2.3".
func (r *Release) String() string { return r.Label() + " " + r.Version.String() }

// Dir is the release's folder in a repository: "<label>/<version>" (layout.VersionDir).
func (r *Release) Dir() string { return layout.VersionDir(r.Label(), r.Version.String()) }

// File returns the named file, or nil.
func (r *Release) File(name string) *File {
	for i := range r.Files {
		if r.Files[i].Name == name {
			return &r.Files[i]
		}
	}
	return nil
}

// Sort orders the files by name, so every consumer sees them deterministically.
func (r *Release) Sort() {
	sort.Slice(r.Files, func(i, j int) bool { return r.Files[i].Name < r.Files[j].Name })
}

// Validate checks what every publisher relies on: a valid name, type and version,
// safe unique file names, a metadata.yaml and the components file.
func (r *Release) Validate() error {
	if err := r.Provider.Validate(); err != nil {
		return err
	}
	if err := r.Version.Check(); err != nil {
		return fmt.Errorf("%s: %w", r.Label(), err)
	}
	seen, folded := map[string]bool{}, map[string]string{}
	for _, f := range r.Files {
		if err := layout.ValidateFileName(f.Name); err != nil {
			return fmt.Errorf("%s: %w", r, err)
		}
		if seen[f.Name] {
			return fmt.Errorf("%s: file %s appears twice", r, f.Name)
		}
		if other, ok := folded[strings.ToLower(f.Name)]; ok {
			return fmt.Errorf("%s: files %s and %s differ only in case: a case-insensitive file system (macOS, Windows) keeps one of them; rename one", r, other, f.Name)
		}
		seen[f.Name], folded[strings.ToLower(f.Name)] = true, f.Name
	}
	for _, need := range []string{layout.MetadataFile, r.ComponentsFile} {
		if !seen[need] {
			return fmt.Errorf("%s: release has no %s", r, need)
		}
	}
	return nil
}

// Set is what build and mirror produce and publishers consume.
type Set struct {
	Releases []*Release
}

// Validate validates every release and rejects two releases of the same label and version.
func (s *Set) Validate() error {
	if len(s.Releases) == 0 {
		return fmt.Errorf("release set is empty")
	}
	seen := map[string]bool{}
	var errs []string
	for _, r := range s.Releases {
		if err := r.Validate(); err != nil {
			errs = append(errs, err.Error())
		}
		if seen[r.String()] {
			errs = append(errs, fmt.Sprintf("%s appears twice", r))
		}
		seen[r.String()] = true
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

// NameLess orders release names (Release.String: "label version") by label, then by SemVer (v1.9.0 before
// v1.10.0); names that do not parse keep string order.
func NameLess(a, b string) bool {
	la, va, _ := strings.Cut(a, " ")
	lb, vb, _ := strings.Cut(b, " ")
	if la != lb {
		return la < lb
	}
	x, errx := layout.ParseVersion(va)
	y, erry := layout.ParseVersion(vb)
	if errx != nil || erry != nil {
		return va < vb
	}
	return x.LessThan(y)
}
