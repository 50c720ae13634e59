package provenance

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
)

// PinnedImages returns the images of a release that name a sha256 digest
// ("repo@sha256:…"), the ones whose content the statement can record.
func PinnedImages(r *release.Release) []Pinned {
	var data [][]byte
	for _, f := range r.Files {
		data = append(data, f.Data)
	}
	var out []Pinned
	seen := map[string]bool{}
	for _, img := range manifest.Images(data...) {
		name, sum, ok := strings.Cut(img, "@sha256:")
		if !ok || seen[img] {
			continue
		}
		seen[img] = true
		out = append(out, Pinned{URI: name, SHA256: sum})
	}
	return out
}
