package initcheck

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/render"
	"github.com/capirepo/capirepo/pkg/scaffold"
)

// built is one candidate built from the tag's tree.
type built struct {
	c    scaffold.Candidate
	data []byte
}

// buildCandidates renders each kustomize candidate and reads each plain file, in the
// tag's tree; a candidate that does not build there (not in the tag, a generated
// input missing, a remote resource) is left out.
func buildCandidates(ctx context.Context, plan *scaffold.Plan, tree string) []built {
	var out []built
	for _, c := range plan.Candidates() {
		if ctx.Err() != nil {
			return out
		}
		if data, err := buildOne(ctx, c, tree); err == nil && len(data) > 0 {
			out = append(out, built{c, data})
		}
	}
	return out
}

func buildOne(ctx context.Context, c scaffold.Candidate, tree string) ([]byte, error) {
	if c.Path != "" {
		return fsx.ReadCapped(filepath.Join(tree, filepath.FromSlash(c.Path)), scaffold.MaxRead)
	}
	m, err := render.KustomizeContext(ctx, render.Options{Dir: filepath.Join(tree, filepath.FromSlash(c.Kustomize)), Root: tree,
		LoadRestrictor: render.LoadNone})
	if err != nil {
		return nil, err
	}
	return m.AsYaml()
}

// reproduces compares a candidate's output with a released file as capirepo diff does:
// equal up to the images (the release image replaces the tree's). It returns the
// image changes (the tree's reference as A, the release's as B).
func reproduces(data []byte, f release.File) ([]diff.Difference, bool) {
	a := inventory.Of(inventory.Input{Files: []release.File{{Name: f.Name, Data: data}}})
	b := inventory.Of(inventory.Input{Files: []release.File{f}})
	var imgs []diff.Difference
	for _, d := range diff.Releases(a, b) {
		if d.Section != diff.SectionImages || d.Change != diff.Changed {
			return nil, false
		}
		imgs = append(imgs, d)
	}
	return imgs, true
}

// tried names the candidates compared (the first few).
func tried(bs []built, keep func(scaffold.Candidate) bool) string {
	var names []string
	for _, b := range bs {
		if keep(b.c) {
			names = append(names, b.c.Kustomize+b.c.Path)
		}
	}
	if len(names) == 0 {
		return "no candidate builds in the tag's tree"
	}
	if len(names) > 4 {
		names = append(names[:4], "…")
	}
	return "tried " + strings.Join(names, ", ")
}
