package localrepo

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// Index is IndexFile's content.
type Index struct {
	WrittenBy string  `json:"writtenBy"`
	Providers []Entry `json:"providers"`
}

// Entry is one provider of the output: what its folder name does not say.
type Entry struct {
	Label           string `json:"label"` // the stored key; this field shadows the promoted Label(), equal to it
	layout.Provider        // name, type
	Components      string `json:"components"`
}

// EncodeIndex is the index of a build output holding set: one entry per provider.
func EncodeIndex(set *release.Set) ([]byte, error) {
	idx := Index{WrittenBy: "capirepo build; the next build replaces this folder as a whole"}
	seen := map[string]bool{}
	for _, r := range set.Releases {
		if !seen[r.Label()] {
			seen[r.Label()] = true
			idx.Providers = append(idx.Providers, Entry{Label: r.Label(), Provider: r.Provider, Components: r.ComponentsFile})
		}
	}
	data, err := json.MarshalIndent(idx, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", IndexFile, err)
	}
	return append(data, '\n'), nil
}

// readIndex returns the providers of dir's build index by label; nil when dir has no
// index (or the plain-text marker of older builds).
func readIndex(dir string) (map[string]Entry, error) {
	path := filepath.Join(dir, IndexFile)
	data, err := fsx.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	var idx Index
	if json.Unmarshal(data, &idx) != nil {
		return nil, nil
	}
	out := map[string]Entry{}
	for _, e := range idx.Providers {
		out[e.Label] = e
	}
	return out, nil
}
