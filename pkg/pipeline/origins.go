package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/render"
	"github.com/capirepo/capirepo/pkg/templates"
)

// origin is where a release file came from (Options.SourcePaths).
type origin struct {
	file    string          // shipped byte for byte from this file: the same lines
	objects string          // its objects were read from this one file (components file:)
	render  *render.Options // a kustomize folder rendered into it
	config  bool            // made from capirepo.yaml (metadata.yaml from releaseSeries)
}

// origins records where each file of p's release comes from.
func (in *inputs) origins(p *config.Provider, tpl map[string]templates.Origin, out map[string]origin) {
	cfg := in.cfg
	out[p.ComponentsFile] = in.componentsOrigin(p, p.Components)
	for _, e := range p.ExtraComponents {
		out[e.Name] = in.componentsOrigin(p, e.Components)
	}
	out[layout.MetadataFile] = origin{config: true}
	if p.Metadata != "" {
		out[layout.MetadataFile] = origin{file: cfg.Abs(p.Metadata)}
	}
	for name, o := range tpl {
		out[name] = origin{file: o.File}
		if o.Kustomize != "" {
			opts := in.render(o.Kustomize, p.LoadRestrictorFor(templateRestrictor(cfg, p, o.Kustomize)))
			out[name] = origin{render: &opts}
		}
	}
	for _, f := range p.Files {
		out[filepath.Base(f)] = origin{file: cfg.Abs(f)}
	}
}

func (in *inputs) componentsOrigin(p *config.Provider, c config.Components) origin {
	if c.Kustomize == "" {
		return origin{objects: in.cfg.Abs(c.File)}
	}
	opts := in.render(in.cfg.Abs(c.Kustomize), p.LoadRestrictorFor(c.LoadRestrictor))
	return origin{render: &opts}
}

// templateRestrictor is the loadRestrictor of the templates entry rendering dir.
func templateRestrictor(cfg *config.Config, p *config.Provider, dir string) string {
	for _, t := range p.Templates {
		if (t.Kustomize != "" && cfg.Abs(t.Kustomize) == dir) || (t.ClusterClass != "" && cfg.Abs(t.ClusterClass) == dir) {
			return t.LoadRestrictor
		}
	}
	return ""
}

// fromRepositoryRoot makes the findings' paths relative to the repository root (the
// folder above capirepo.yaml holding .git, else capirepo.yaml's folder): absolute
// ones and those relative to capirepo.yaml's folder; a path outside stays absolute.
func (in *inputs) fromRepositoryRoot(fs lint.Findings) {
	root := repositoryRoot(in.cfg.Dir)
	for i, f := range fs {
		p := f.File
		switch {
		case p == "" || strings.Contains(p, "://"):
			continue
		case p == in.cfg.File || filepath.IsAbs(p):
		default:
			p = in.cfg.Abs(p)
		}
		if r, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(r, "..") {
			p = filepath.ToSlash(r)
		}
		fs[i].File = p
	}
}

// repositoryRoot is the nearest folder from dir up that holds .git (a folder, or a
// file in a worktree), else dir.
func repositoryRoot(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// locator is Result.Locate: after Build, kustomize folders are rendered again with
// their temporary overlays in the system's temporary folder (the build's scratch
// folder is gone).
func (in *inputs) locator(located map[*release.Release]map[string]origin) func(context.Context, lint.Findings) (lint.Findings, error) {
	return func(ctx context.Context, fs lint.Findings) (lint.Findings, error) {
		out := append(lint.Findings(nil), fs...)
		for r, origins := range located {
			later := map[string]origin{}
			for name, o := range origins {
				if o.render != nil {
					opts := *o.render
					opts.TempDir = ""
					o.render = &opts
				}
				later[name] = o
			}
			var err error
			if out, err = in.locate(ctx, r, later, out); err != nil {
				return nil, err
			}
		}
		root := repositoryRoot(in.cfg.Dir)
		for i, f := range out {
			if r, err := filepath.Rel(root, f.File); filepath.IsAbs(f.File) && err == nil && !strings.HasPrefix(r, "..") {
				out[i].File = filepath.ToSlash(r) // a located finding; others stay as made
			}
		}
		return out, nil
	}
}
