package mirror

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// finish writes cert-manager and the files beside the tree: mirror.json, images.txt
// and the cert-manager/images keys of clusterctl.yaml.
func (r *runner) finish(rels []*release.Release, cert *certFile, res *Result) error {
	m := r.st.prev
	for _, rel := range rels {
		rec := record(rel)
		rec.Source = r.urls[rel.String()]
		m.put(rec)
	}
	if cert != nil {
		if err := r.writeCertManager(cert); err != nil {
			return err
		}
		m.CertManager = certRecord(cert)
	}
	res.Manifest, res.Images = m, allImages(m)
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding %s: %w", ManifestFile, err)
	}
	if err := writeAtomic(filepath.Join(r.dir, ManifestFile), append(data, '\n')); err != nil {
		return err
	}
	images := strings.Join(res.Images, "\n")
	if images != "" {
		images += "\n"
	}
	if err := writeAtomic(filepath.Join(r.dir, ImagesFile), []byte(images)); err != nil {
		return err
	}
	return r.writeConfig(m.CertManager)
}

func record(rel *release.Release) Record {
	rec := Record{Name: rel.Name, Type: rel.Type, Label: rel.Label(), Version: rel.Version, Components: rel.ComponentsFile}
	var data [][]byte
	for _, f := range rel.Files {
		rec.Files = append(rec.Files, FileRecord{Name: f.Name, SHA256: f.SHA256(), Size: len(f.Data)})
		if f.Name != metadataFile {
			data = append(data, f.Data)
		}
	}
	rec.Images = Images(data...)
	return rec
}

func certRecord(c *certFile) *Record {
	return &Record{Name: CertManager, Label: CertManager, Version: c.job.Version, Source: c.job.URL, Components: c.job.File,
		Files:  []FileRecord{{Name: c.job.File, SHA256: sum(c.data), Size: len(c.data)}},
		Images: Images(c.data)}
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
	return sorted(set)
}

// certURL is the file:// URL of the mirrored cert-manager manifest.
func (r *runner) certURL(c *Record) string {
	return layout.LocalURL(r.dir, CertManager, c.Version, c.Components)
}

// writeAtomic replaces path with data through a synced temporary file and a rename.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	name := tmp.Name()
	tmp.Close()
	defer os.Remove(name)
	if err := writeSynced(name, data); err != nil {
		return err
	}
	if err := os.Rename(name, path); err != nil {
		return fmt.Errorf("renaming %s to %s: %w", name, path, err)
	}
	return nil
}
