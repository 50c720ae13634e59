package check

import (
	"path"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
)

// releaseFolder reads the release files directly in dir: a version folder of a local
// repository (<label>/<version>/), a GitHub release's assets downloaded into any
// folder (cluster-api's core-, bootstrap-, control-plane- and
// infrastructure-components-development.yaml beside one metadata.yaml), or a flat copy
// of one provider's release (out/, rel/v0.1.0/). Each components file names its
// provider (identity.go), never the folder; a <label>/<version> folder's label is
// evidence only when the folder holds one provider. The folder's name is the version
// when it is one; otherwise the version rules are off, with a note. Every provider
// gets a target; metadata.yaml goes with each (Shared: its findings are reported
// once), templates and ClusterClasses with the infrastructure provider's (or the only
// provider's). ok is false for a folder with no components file and no metadata.yaml.
func releaseFolder(dir string) ([]Target, bool, error) {
	files, err := yamlFiles(dir)
	if err != nil {
		return nil, false, err
	}
	abs, err := filepath.Abs(dir) // `lint .` in rel/v0.1.0 is v0.1.0
	if err != nil {
		return nil, false, err
	}
	version, versioned := layout.ListedVersion(filepath.Base(abs))
	if !versioned {
		version = layout.Version{}
	}
	folder := ""
	if _, ok := labelProvider(filepath.Base(filepath.Dir(abs))); ok && versioned {
		folder = filepath.Base(filepath.Dir(abs))
	}
	groups := providers(files, folder)
	if len(groups) == 0 && len(metadataFiles(files)) == 0 {
		return nil, false, nil
	}
	if len(groups) == 0 { // metadata.yaml alone: no components file names the provider
		groups = []*group{{Provider: metadataOnly(folder)}}
	}
	out := make([]Target, len(groups))
	for i, g := range groups {
		out[i] = g.target(dir, version, files, len(groups) == 1 || g.takesTemplates(groups))
		if len(groups) > 1 {
			out[i].Shared = metadataFiles(files)
		}
	}
	if !versioned {
		out[0].Findings = append(out[0].Findings, versionFinding(filepath.Base(abs), dir))
	}
	if len(metadataFiles(files)) == 0 {
		out[0].Findings = append(out[0].Findings, metadataMissing(dir))
	}
	return out, true, nil
}

// group is one provider's components files and what their evidence found.
type group struct {
	layout.Provider
	comps    []release.File
	findings lint.Findings
}

// providers groups the components files of files by the provider each names, in
// file order. The folder's label counts only when all name one provider without it.
func providers(files []release.File, folder string) []*group {
	gs := groupBy(files, "")
	if folder != "" && len(gs) <= 1 {
		return groupBy(files, folder)
	}
	return gs
}

func groupBy(files []release.File, folder string) []*group {
	var out []*group
	byLabel := map[string]*group{}
	for _, f := range files {
		if layout.FileKind(f.Name) != layout.KindComponents {
			continue
		}
		e := gather(f, folder)
		p := e.identity()
		g := byLabel[p.Label()]
		if g == nil {
			g = &group{Provider: p}
			byLabel[p.Label()] = g
			out = append(out, g)
		}
		g.comps = append(g.comps, f)
		g.findings = append(g.findings, e.identityFindings(p, f.Name)...)
	}
	return out
}

// metadataOnly is the provider of a folder holding metadata.yaml and no components
// file: the folder's label, else unknown (only findings on metadata.yaml name it).
func metadataOnly(folder string) layout.Provider {
	if p, ok := labelProvider(folder); ok {
		return p
	}
	return layout.Provider{Type: layout.InfrastructureProvider, Name: "unknown"}
}

// takesTemplates: g gets the templates of a folder of several providers: the first
// infrastructure provider's, or the first provider's when there is none.
func (g *group) takesTemplates(all []*group) bool {
	for _, o := range all {
		if o.Type == layout.InfrastructureProvider {
			return o == g
		}
	}
	return all[0] == g
}

// target is g's release: its components files, metadata.yaml and, with templates,
// the templates and ClusterClasses of files.
func (g *group) target(dir string, version layout.Version, files []release.File, templates bool) Target {
	r := &release.Release{Provider: g.Provider, Version: version, Files: append([]release.File(nil), g.comps...)}
	var names []string
	for _, f := range g.comps {
		names = append(names, f.Name)
	}
	r.ComponentsFile = layout.MainComponents(g.Type, names)
	for _, f := range files {
		k := layout.FileKind(f.Name)
		if k == layout.KindMetadata || templates && (k == layout.KindTemplate || k == layout.KindClusterClass) {
			r.Files = append(r.Files, f)
		}
	}
	r.Sort()
	t := Target{Release: r, Dir: dir}
	for _, f := range g.findings {
		f.File = path.Join(dir, f.File)
		t.Findings = append(t.Findings, f)
	}
	return t
}

// metadataFiles names the metadata.yaml files among files.
func metadataFiles(files []release.File) []string {
	var out []string
	for _, f := range files {
		if layout.FileKind(f.Name) == layout.KindMetadata {
			out = append(out, f.Name)
		}
	}
	return out
}

// yamlFiles reads the regular .yaml files of dir, sorted by name.
func yamlFiles(dir string) ([]release.File, error) {
	return readFiles(dir, func(n string) bool { return filepath.Ext(n) == ".yaml" })
}
