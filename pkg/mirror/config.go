package mirror

import (
	"context"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
)

// writeConfig sets, in DIR/clusterctl.yaml, a providers: entry per mirrored provider
// pinned to its highest mirrored version (so clusterctl's resolution never depends
// on `latest` and a release's metadata.yaml), and the cert-manager and images keys,
// keeping every other entry, key and comment.
func (r *runner) writeConfig(_ context.Context, tx *Tx) error {
	path := filepath.Join(tx.Dir, clusterctlcfg.File)
	cfg, err := clusterctlcfg.Load(path)
	if err != nil {
		return err
	}
	if err := cfg.SetProviders(pinned(tx.Dir, tx.Manifest)...); err != nil {
		return err
	}
	if c := tx.Manifest.CertManager; c != nil {
		cfg.SetCertManager(layout.LocalURL(tx.Dir, CertManager, c.Version, c.Components), c.Version)
	}
	if r.opts.ImageRegistry != "" {
		cfg.SetImagesRepository(r.opts.ImageRegistry)
	}
	if changed, err := cfg.Changed(); err != nil || !changed {
		return err
	}
	data, err := cfg.Bytes()
	if err != nil {
		return err
	}
	return tx.FS.WriteFile(path, data)
}

// pinned is one entry per recorded provider whose folder exists, at its highest
// recorded version as clusterctl ranks them (GA releases before pre-releases), in
// mirror.json's order.
func pinned(dir string, m *Manifest) []clusterctlcfg.Provider {
	recs := map[string]map[string]*Record{} // label -> version -> record
	var order []string
	for i := range m.Releases {
		rec := &m.Releases[i]
		if !localrepo.IsFolder(layout.LocalDir(dir, rec.Label, rec.Version)) {
			continue
		}
		if recs[rec.Label] == nil {
			recs[rec.Label] = map[string]*Record{}
			order = append(order, rec.Label)
		}
		recs[rec.Label][rec.Version] = rec
	}
	out := make([]clusterctlcfg.Provider, 0, len(order))
	for _, label := range order {
		var versions []string
		for v := range recs[label] {
			versions = append(versions, v)
		}
		sorted := layout.SortVersions(versions)
		if len(sorted) == 0 {
			continue
		}
		rec := recs[label][sorted[0].String()]
		out = append(out, clusterctlcfg.Local(dir, rec.Provider, rec.Version, rec.Components))
	}
	return out
}
