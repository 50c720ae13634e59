package mirror

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
)

// Manifest is mirror.json: what the tree holds and where it came from.
type Manifest struct {
	Releases    []Record `json:"releases"`
	CertManager *Record  `json:"certManager,omitempty"`
}

// Record is one mirrored version of one provider (or of cert-manager).
type Record struct {
	layout.Provider              // name, type (none for cert-manager)
	Label           string       `json:"label"` // the stored key; this field shadows the promoted Label(), equal to it
	Version         string       `json:"version"`
	Source          string       `json:"source"` // the provider URL it was read from
	Components      string       `json:"components,omitempty"`
	Files           []FileRecord `json:"files"`
	Images          []string     `json:"images,omitempty"`
}

// FileRecord is one file with its checksum.
type FileRecord struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
	Size   int    `json:"size"`
}

// maxManifestSize caps mirror.json.
const maxManifestSize = httpx.MaxFileSize

// readManifest reads DIR/mirror.json; a missing file is an empty manifest.
func readManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestFile)
	data, err := localrepo.ReadCapped(path, maxManifestSize)
	if errors.Is(err, fs.ErrNotExist) {
		return &Manifest{}, nil
	}
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("parsing %s: %w; remove it to mirror everything again", path, err)
	}
	return &m, nil
}

// find returns the record of a label and version, or nil.
func (m *Manifest) find(label, version string) *Record {
	if c := m.CertManager; c != nil && c.Label == label && c.Version == version {
		return c
	}
	for i := range m.Releases {
		if m.Releases[i].Label == label && m.Releases[i].Version == version {
			return &m.Releases[i]
		}
	}
	return nil
}

// put adds or replaces the record of the same label and version, keeping the
// releases sorted by label and version.
func (m *Manifest) put(r Record) {
	for i := range m.Releases {
		if m.Releases[i].Label == r.Label && m.Releases[i].Version == r.Version {
			m.Releases[i] = r
			return
		}
	}
	m.Releases = append(m.Releases, r)
	sort.Slice(m.Releases, func(i, j int) bool {
		a, b := m.Releases[i], m.Releases[j]
		return a.Label < b.Label || a.Label == b.Label && a.Version < b.Version
	})
}

// sum returns the recorded checksum of a file, or "".
func (r *Record) sum(name string) string {
	for _, f := range r.Files {
		if f.Name == name {
			return f.SHA256
		}
	}
	return ""
}

func (r *Record) names() []string {
	out := make([]string, 0, len(r.Files))
	for _, f := range r.Files {
		out = append(out, f.Name)
	}
	return out
}
