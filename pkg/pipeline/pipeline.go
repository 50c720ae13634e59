// Package pipeline is the build: config -> remote -> render -> components -> templates
// -> check -> release.Set. It writes nothing but its locked scratch folder in $TMPDIR
// (fsx.Scratch, for render's overlays), and reaches the network only through
// pkg/remote, for a pinned remote resource that is not cached (never with
// Options.Offline); the CLI writes (or publishes) the set it returns.
package pipeline

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/components"
	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/render"
	"github.com/capirepo/capirepo/pkg/templates"
	"sigs.k8s.io/kustomize/api/types"
)

// Options for Build.
type Options struct {
	Version   layout.Version // the release version, parsed where it entered (the --version flag)
	Jobs      int            // parallel template renders (0 = CPUs)
	Published []string       // earlier released versions, for the metadata cumulative check (nil: git tags)
	CI        bool           // running in CI: missing git tag information is an error (metadata-history)

	Offline    bool         // never download remote resources (pinned files and the cache only)
	CacheDir   string       // user cache folder ($XDG_CACHE_HOME); downloads go to CacheDir/capirepo ("" = no cache)
	HTTPClient *http.Client // for remote resources (nil = http.DefaultClient)
	TempDir    string       // where the build's temporary folder goes ("" = the system's)
	// SourcePaths makes findings name the source a release file came from instead of
	// the file (locate.go), relative to the repository root: what build and lint
	// report, since a refused build writes no file.
	SourcePaths bool
}

// Result is the built release set and everything learnt on the way.
type Result struct {
	Set      *release.Set
	Findings lint.Findings // all rule results (errors make Build fail)
	Notes    []string      // informational (skipped files)
	// Locate points findings made later on the set's files (build's upgrade checks)
	// at their sources as Build's own are (Options.SourcePaths; nil without it).
	Locate func(context.Context, lint.Findings) (lint.Findings, error)
}

// Build builds every provider of the config for one version.
func Build(ctx context.Context, cfg *config.Config, opts Options) (*Result, error) {
	version := opts.Version // parsed where it entered: Check parses only to say why it is no version
	if err := version.Check(); err != nil {
		return nil, fmt.Errorf("--version: %w", err)
	}
	if err := cfg.CheckInputs(); err != nil {
		return nil, err // each missing input at its field's line, before any render
	}
	res := &Result{Set: &release.Set{}}
	located := map[*release.Release]map[string]origin{}
	in, err := newInputs(ctx, cfg, opts)
	if err != nil {
		return nil, err
	}
	// One scratch folder per build, removed on return: an interrupted kustomize run
	// is abandoned, not stopped, and must leave nothing behind; what a killed build
	// left is removed by the next one (fsx.Scratch).
	var done func()
	if in.tmp, done, err = fsx.Scratch(ctx, opts.TempDir); err != nil {
		return nil, err
	}
	defer done()
	for i := range cfg.Providers {
		p := &cfg.Providers[i]
		origins := map[string]origin{}
		r, notes, err := buildProvider(ctx, in, p, version, opts.Jobs, origins)
		if err != nil {
			return nil, fmt.Errorf("provider %s: %w", layout.Label(p.Type, p.Name), err)
		}
		res.Set.Releases = append(res.Set.Releases, r)
		res.Notes = append(res.Notes, notes...)
		h := history(ctx, cfg, p, opts)
		res.Findings = append(res.Findings, h.Findings...)
		found, err := check.ReleaseContext(ctx, r, check.Options{
			Dir: r.Dir(), Published: h.Published, Exempt: h.Exempt,
			AllowNoNamespace: p.Components.AllowNoNamespace, Sources: sources(cfg, p), Rendered: componentsFiles(p)})
		if err != nil {
			return nil, err
		}
		if opts.SourcePaths {
			located[r] = origins
			if found, err = in.locate(ctx, r, origins, found); err != nil {
				return nil, err
			}
		}
		res.Findings = append(res.Findings, found...)
	}
	res.Findings = append(res.Findings, in.findings...)
	if opts.SourcePaths {
		in.fromRepositoryRoot(res.Findings)
		res.Locate = in.locator(located)
	}
	res.Findings = unique(res.Findings)
	for _, u := range in.remote.Unused() {
		res.Notes = append(res.Notes, fmt.Sprintf("%s: remoteResources: %s is named by no kustomization this build rendered; remove the entry if it is stale", cfg.File, u))
	}
	return res, nil
}

// unique drops repeated findings: providers sharing one source file (cluster-api's
// four providers and their metadata.yaml) would each report it.
func unique(fs lint.Findings) lint.Findings {
	seen := map[lint.Finding]bool{}
	out := fs[:0]
	for _, f := range fs {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// buildProvider builds one provider's release; origins gets where each file came from.
func buildProvider(ctx context.Context, in *inputs, p *config.Provider, version layout.Version, jobs int, origins map[string]origin) (*release.Release, []string, error) {
	cfg := in.cfg
	r := &release.Release{Provider: layout.Provider{Type: p.Type, Name: p.Name}, Version: version, ComponentsFile: p.ComponentsFile}
	// Templates render while the components do (errors keep their order below).
	tctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tplDone := make(chan templatesResult, 1)
	go func() {
		tpl, err := templates.Build(tctx, templateSources(in, p), jobs)
		tplDone <- templatesResult{tpl, err}
	}()
	comp, err := buildComponents(ctx, in, p, p.Components, version.String())
	if err != nil {
		return nil, nil, err
	}
	for _, e := range p.ExtraComponents {
		data, err := buildComponents(ctx, in, p, e.Components, version.String())
		if err != nil {
			return nil, nil, fmt.Errorf("extraComponents %s: %w", e.Name, err)
		}
		r.Files = append(r.Files, release.File{Name: e.Name, Data: data})
	}
	meta, err := buildMetadataIn(in.root, cfg, p)
	if err != nil {
		return nil, nil, err
	}
	t := <-tplDone
	tpl, err := t.res, t.err
	if err != nil {
		return nil, nil, err
	}
	for _, f := range tpl.Findings {
		in.add(f)
	}
	extra, err := extraFiles(in, p)
	if err != nil {
		return nil, nil, err
	}
	in.origins(p, tpl.Origins, origins)
	r.Files = append(r.Files, release.File{Name: p.ComponentsFile, Data: comp}, release.File{Name: layout.MetadataFile, Data: meta})
	r.Files = append(r.Files, tpl.Files...)
	r.Files = append(r.Files, extra...)
	r.Sort()
	return r, tpl.Notes, r.Validate()
}

type templatesResult struct {
	res *templates.Result
	err error
}

// buildComponents renders components with the provider label and image overrides.
func buildComponents(ctx context.Context, in *inputs, p *config.Provider, c config.Components, version string) ([]byte, error) {
	cfg := in.cfg
	opts := in.render(cfg.Abs(c.Kustomize), p.LoadRestrictorFor(c.LoadRestrictor))
	if err := tagsFromVersion(c.Images, version); err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.File, err)
	}
	opts.Images = images(c.Images, version)
	var m render.Resources
	var err error
	src := c.Kustomize
	if c.Kustomize != "" {
		var origins []render.Origin
		if m, origins, err = render.KustomizeOriginsContext(ctx, opts); err == nil && origins != nil {
			in.rendered(opts.Dir, origins) // for locate: one render gives both
		}
	} else {
		src = c.File
		m, err = render.FileContext(ctx, cfg.Abs(c.File), opts)
	}
	if err != nil {
		return nil, fmt.Errorf("components: %w", err)
	}
	label := layout.Label(p.Type, p.Name)
	previous, err := render.SetLabel(m, layout.ProviderLabelKey, label)
	if err != nil {
		return nil, fmt.Errorf("components: %w", err)
	}
	for _, f := range relabelFinding(src, p.Type, label, previous) {
		in.add(f)
	}
	images, err := renderedImages(m)
	if err != nil {
		return nil, fmt.Errorf("components: %w", err)
	}
	if err := checkImageOverrides(c.Images, version, images); err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.File, err)
	}
	return components.Encode(m, components.Options{ImagePullPolicy: c.ImagePullPolicy, MaxSize: httpx.MaxFileSize})
}

// tagsFromVersion refuses a version that cannot be an image tag: SemVer build metadata
// ("+b.1") is valid in a release version but '+' is not allowed in a tag.
func tagsFromVersion(in []config.Image, version string) error {
	for _, im := range in {
		if im.TagFromVersion.Set() && strings.Contains(version, "+") {
			return fmt.Errorf("components.images: %s has tagFromVersion, but version %s cannot be an image tag ('+' build metadata is not allowed in tags): build a version without it, or set newTag", im.Name, version)
		}
	}
	return nil
}

func images(in []config.Image, version string) []types.Image {
	var out []types.Image
	for _, im := range in {
		t := types.Image{Name: im.Name, NewName: im.NewName, NewTag: im.NewTag, Digest: im.Digest}
		if im.TagFromVersion.Set() {
			t.NewTag = im.TagFromVersion.Tag(version)
		}
		out = append(out, t)
	}
	return out
}

func templateSources(in *inputs, p *config.Provider) []templates.Source {
	cfg := in.cfg
	var out []templates.Source
	for _, t := range p.Templates {
		out = append(out, templates.Source{Path: cfg.Abs(t.Path), Flavor: t.Flavor,
			Kustomize: cfg.Abs(t.Kustomize), ClusterClass: cfg.Abs(t.ClusterClass),
			Root: in.root, Render: in.render("", p.LoadRestrictorFor(t.LoadRestrictor))})
	}
	return out
}

// componentsFiles names the components files the build renders with kustomize.
func componentsFiles(p *config.Provider) []string {
	out := []string{p.ComponentsFile}
	for _, e := range p.ExtraComponents {
		out = append(out, e.Name)
	}
	return out
}

// sources maps files shipped byte for byte to the paths users edit.
func sources(cfg *config.Config, p *config.Provider) map[string]string {
	if p.Metadata == "" {
		return nil
	}
	return map[string]string{layout.MetadataFile: cfg.Abs(p.Metadata)}
}

// extraFiles reads the files: entries, shipped byte for byte; each must resolve
// inside the folder holding capirepo.yaml.
func extraFiles(in *inputs, p *config.Provider) ([]release.File, error) {
	var out []release.File
	for _, f := range p.Files {
		name := filepath.Base(f)
		if err := layout.ValidateFileName(name); err != nil {
			return nil, fmt.Errorf("files: %w", err)
		}
		data, err := readExtraFile(in, f)
		if err != nil {
			return nil, fmt.Errorf("files: %w", err)
		}
		out = append(out, release.File{Name: name, Data: data})
	}
	return out, nil
}

// readExtraFile reads one files: entry, which must resolve inside the root to a file.
func readExtraFile(in *inputs, f string) ([]byte, error) {
	p := in.cfg.Abs(f)
	real, err := in.root.Resolve(p)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(real); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s is a folder: files: lists single files; ship a folder's templates with templates: - path: %s", p, f)
	}
	return render.ReadInput(real)
}
