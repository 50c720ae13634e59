package configmap

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"sigs.k8s.io/yaml"
)

// strip keeps, of every release, what the operator reads: metadata.yaml and the
// components file.
func strip(set *release.Set) *release.Set {
	out := &release.Set{}
	for _, r := range set.Releases {
		s := *r
		s.Files = nil
		for _, f := range r.Files {
			if f.Name == layout.MetadataFile || f.Name == r.ComponentsFile {
				s.Files = append(s.Files, f)
			}
		}
		out.Releases = append(out.Releases, &s)
	}
	return out
}

// Apply writes each new or replaced version's ConfigMap file, then the namespace and
// provider object files that differ from what the folder's ConfigMaps now need. Each
// file is staged and renamed into place; an interrupt stops between files, and a
// re-run finishes the folder.
func (d *Dest) Apply(ctx context.Context, p *publish.Plan) error {
	held, err := publish.SnapshotOf[*Contents](p)
	if err != nil {
		return err
	}
	fs := d.fs()
	if err := os.MkdirAll(d.Dir, fsx.DirMode); err != nil {
		return err
	}
	for _, v := range p.ByVersion() {
		if !v.Writes() {
			continue
		}
		if err := d.writeVersion(ctx, fs, held, v.Release); err != nil {
			return err
		}
		p.DoneVersion(v)
	}
	return d.writeIndex(ctx, fs)
}

func (d *Dest) writeVersion(ctx context.Context, fs *fsx.FS, held *Contents, r *release.Release) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	ns, err := d.namespace(r)
	if err != nil {
		return err
	}
	cm, err := New(r, ns)
	if err != nil {
		return err
	}
	path := filepath.Join(d.Dir, configMapFile(cm))
	if f, ok := held.find(r); ok {
		path = f.File
	}
	data, err := yaml.Marshal(cm)
	if err == nil {
		err = fs.WriteFile(path, data)
	}
	return err
}

// writeIndex writes the namespace and provider object files Render gives for every
// ConfigMap the folder holds now (read again: another run may have added versions
// since State), where the folder does not hold them already.
func (d *Dest) writeIndex(ctx context.Context, fs *fsx.FS) error {
	c, err := ReadDir(d.Dir)
	if err != nil {
		return err
	}
	var all []*ConfigMap
	for _, f := range c.ConfigMaps {
		all = append(all, f.Obj)
	}
	files, err := Render(all)
	if err != nil {
		return err
	}
	for _, f := range files {
		if strings.HasPrefix(f.Name, configMapPrefix) {
			continue
		}
		path := filepath.Join(d.Dir, f.Name)
		if old, err := fsx.ReadFile(path); err == nil && bytes.Equal(old, f.Data) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fs.WriteFile(path, f.Data); err != nil {
			return err
		}
	}
	return nil
}
