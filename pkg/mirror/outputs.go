package mirror

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/images"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
)

// writeManifest records this run's releases in mirror.json.
func (r *runner) writeManifest(_ context.Context, tx *Tx) error {
	for _, rel := range tx.Releases {
		rec := record(rel)
		rec.Source = r.urls[rel.String()]
		tx.Manifest.put(rec)
	}
	tx.Result.Manifest = tx.Manifest
	tx.Images = allImages(tx.Manifest)
	tx.Result.Images = tx.Images
	data, err := json.MarshalIndent(tx.Manifest, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding %s: %w", ManifestFile, err)
	}
	return tx.FS.WriteFile(filepath.Join(tx.Dir, ManifestFile), append(data, '\n'))
}

// writeImages writes images.txt: every image of every recorded release, one per
// line, pinned IMAGE@DIGEST where a step copied it (Tx.Digests).
func (r *runner) writeImages(_ context.Context, tx *Tx) error {
	var b strings.Builder
	for _, im := range tx.Images {
		if d := tx.Digests[im]; d != "" && !strings.Contains(im, "@") {
			im += "@" + d
		}
		b.WriteString(im + "\n")
	}
	return tx.FS.WriteFile(filepath.Join(tx.Dir, ImagesFile), []byte(b.String()))
}

func record(rel *release.Release) Record {
	rec := Record{Provider: rel.Provider, Label: rel.Label(), Version: rel.Version.String(), Components: rel.ComponentsFile}
	for _, f := range rel.Files {
		rec.Files = append(rec.Files, FileRecord{Name: f.Name, SHA256: f.SHA256(), Size: len(f.Data)})
	}
	rec.Images = images.InRelease(rel)
	return rec
}

func certRecord(c *certFile) *Record {
	return &Record{Provider: layout.Provider{Name: CertManager}, Label: CertManager, Version: c.job.Version, Source: c.job.URL, Components: c.job.File,
		Files:  []FileRecord{{Name: c.job.File, SHA256: sum(c.data), Size: len(c.data)}},
		Images: manifest.Images(c.data)}
}

// allImages is the union of the images of every recorded release and cert-manager.
func allImages(m *Manifest) []string {
	set := map[string]bool{}
	for _, r := range m.Releases {
		for _, i := range r.Images {
			set[i] = true
		}
	}
	if m.CertManager != nil {
		for _, i := range m.CertManager.Images {
			set[i] = true
		}
	}
	return slices.Sorted(maps.Keys(set))
}
