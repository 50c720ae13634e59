package initcheck

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/scaffold"
)

// prover matches the files of one release with the tree inputs reproducing them.
type prover struct {
	plan   *scaffold.Plan
	rel    *lastRelease
	builds []built
	proven map[*scaffold.Provider]bool // the providers whose main components file was reproduced
	asked  map[*scaffold.Provider]bool // the providers asked about a components file nothing reproduces
}

// prove sets every value of the plan the release proves, and asks about each released
// file nothing in the tree reproduces, naming it and the release step that writes it.
func prove(ctx context.Context, plan *scaffold.Plan, rel *lastRelease) {
	pv := &prover{plan: plan, rel: rel, builds: buildCandidates(ctx, plan, rel.tree), proven: map[*scaffold.Provider]bool{}, asked: map[*scaffold.Provider]bool{}}
	files := slices.Clone(rel.files)
	slices.SortStableFunc(files, func(a, b release.File) int { return pv.rank(a.Name) - pv.rank(b.Name) })
	var templates []release.File
	for _, f := range files {
		switch layout.FileKind(f.Name) {
		case layout.KindComponents:
			pv.components(f)
		case layout.KindTemplate, layout.KindClusterClass:
			templates = append(templates, f)
		case layout.KindMetadata:
			pv.metadata(f)
		default:
			pv.first().AskRelease("files", fmt.Sprintf("the release %s ships %s, which init does not build%s: add it under files: if it is this provider's", rel.name, f.Name, pv.step(f.Name)))
		}
	}
	pv.templates(templates)
	pv.names()
	for _, pr := range plan.Providers {
		if !pv.proven[pr] && !pv.asked[pr] {
			pr.AskRelease("components", fmt.Sprintf("the release %s ships no components file of this %s that %s reproduces: check that the release ships this provider", rel.name, pr.Type, pr.Components))
		}
	}
	plan.Decide()
}

// names proves each provider's name from a label the release's source gives (a local
// repository's <label>/<version> folder) for its type.
func (pv *prover) names() {
	for _, l := range pv.rel.labels {
		typ, name := layout.ParseLabel(l)
		for _, pr := range pv.plan.Providers {
			if pr.Type == typ && layout.ValidateName(typ, name) == nil {
				pr.ProveName(name, "the release's folder "+l)
			}
		}
	}
}

// rank puts each provider's main components file first, so that other components
// files of the same type become extraComponents.
func (pv *prover) rank(name string) int {
	for _, pr := range pv.plan.Providers {
		if name == mainFile(pr) {
			return 0
		}
	}
	return 1
}

func mainFile(pr *scaffold.Provider) string {
	if pr.File != "" {
		return pr.File
	}
	return layout.ComponentsFile(pr.Type)
}

func (pv *prover) first() *scaffold.Provider { return pv.plan.Providers[0] }

// step names the release line writing or shipping name ("" when none is found).
func (pv *prover) step(name string) string {
	if at := pv.plan.StepFor(name); at != "" {
		return " (" + at + " writes or ships it)"
	}
	return ""
}

// owner is the provider a released components file belongs to: one of its type
// (the one whose file name it is, first), else nil.
func (pv *prover) owner(name string) *scaffold.Provider {
	typ, _ := layout.TypeOf(name)
	var best *scaffold.Provider
	for _, pr := range pv.plan.Providers {
		if pr.Type == typ && (best == nil || name == mainFile(pr)) {
			best = pr
		}
	}
	return best
}

// components proves a provider's components folder (or an extraComponents entry)
// and its image from a released components file.
func (pv *prover) components(f release.File) {
	pr := pv.owner(f.Name)
	if pr == nil {
		pv.first().AskRelease("name", fmt.Sprintf("the release %s ships %s, a components file of no provider init found%s: add its provider", pv.rel.name, f.Name, pv.step(f.Name)))
		return
	}
	b, imgs, ok := pv.match(f, func(c scaffold.Candidate) bool { return c.Components }, pr.Components)
	main := !pv.proven[pr]
	field := map[bool]string{true: "components", false: "extraComponents"}[main]
	if !ok {
		pv.asked[pr] = true
		pr.AskRelease(field, fmt.Sprintf("the release %s ships %s, which no kustomize folder of the tree reproduces (%s)%s: init wrote %s; build it from the folder the release builds it from",
			pv.rel.name, f.Name, tried(pv.builds, func(c scaffold.Candidate) bool { return c.Components }), pv.step(f.Name), pr.Components))
		return
	}
	if !main {
		pv.plan.ProveExtra(pr, b.c.Kustomize, f.Name, pv.rel.name)
		return
	}
	pv.proven[pr] = true
	pr.ProveComponents(b.c.Kustomize, f.Name, pv.rel.name)
	pr.ProvePullPolicy()
	pv.image(pr, f, imgs)
}

// match finds the candidate (keep) that reproduces f, prefer first.
func (pv *prover) match(f release.File, keep func(scaffold.Candidate) bool, prefer string) (built, []diff.Difference, bool) {
	bs := slices.Clone(pv.builds)
	slices.SortStableFunc(bs, func(a, b built) int { return boolInt(b.c.Kustomize == prefer) - boolInt(a.c.Kustomize == prefer) })
	for _, b := range bs {
		if !keep(b.c) {
			continue
		}
		if imgs, ok := reproduces(b.data, f); ok {
			return b, imgs, true
		}
	}
	return built{}, nil, false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// image proves the manager image: the release's reference replacing the one the
// components leave, its tag the version (true) or the version without v (trimPrefix).
func (pv *prover) image(pr *scaffold.Provider, f release.File, imgs []diff.Difference) {
	ref := ""
	for _, d := range imgs {
		if diff.Repository(d.A) == pr.Image {
			ref = d.B
		}
	}
	at := fmt.Sprintf("%s of the release %s", f.Name, pv.rel.name)
	if ref == "" {
		ref = pr.Image + ":" + pv.rel.version // the release ships the image as the components leave it
		if pr.Image == "" || !strings.Contains(string(f.Data), ref) {
			return
		}
	}
	repo := diff.Repository(ref)
	tag := strings.TrimPrefix(strings.TrimPrefix(ref, repo), ":")
	switch tag {
	case pv.rel.version:
		pr.ProveImage(repo, "true", at+" ships "+ref)
	case strings.TrimPrefix(pv.rel.version, "v"):
		pr.ProveImage(repo, "trimPrefix", at+" ships "+ref)
	default:
		pr.ProveImage(repo, "true", at+" ships "+repo)
		pr.AskRelease("tag", fmt.Sprintf("%s ships the image %s, whose tag %q is not the version %s: init wrote tagFromVersion: true; pin the tag the release ships", at, ref, tag, pv.rel.version))
	}
}

// metadata proves the tree's metadata.yaml the release ships (its series equal).
func (pv *prover) metadata(f release.File) {
	for _, m := range pv.plan.MetadataFiles() {
		if b, ok := pv.fileIn(m); ok {
			if _, same := reproduces(b, f); same {
				for _, pr := range pv.plan.Providers {
					pr.ProveMetadata(m, pv.rel.name)
				}
				return
			}
		}
	}
	pv.first().AskRelease("metadata", fmt.Sprintf("the release %s ships a metadata.yaml no metadata.yaml of the tag's tree equals%s", pv.rel.name, pv.step(f.Name)))
}

// fileIn reads a file of the tag's tree.
func (pv *prover) fileIn(rel string) ([]byte, bool) {
	data, err := buildOne(context.Background(), scaffold.Candidate{Path: rel}, pv.rel.tree)
	return data, err == nil
}

// templates proves the templates the release ships, each from the tree input
// reproducing it; a released template nothing reproduces is asked, naming it.
func (pv *prover) templates(files []release.File) {
	owner := pv.templateOwner()
	var entries []scaffold.Entry
	notComponents := func(c scaffold.Candidate) bool { return !c.Components }
	for _, f := range files {
		b, _, ok := pv.match(f, notComponents, "")
		if !ok {
			owner.AskRelease("templates", fmt.Sprintf("the release %s ships %s, which nothing in the tree reproduces (%s)%s: add its source under templates: (or generate it before capirepo build)",
				pv.rel.name, f.Name, tried(pv.builds, notComponents), pv.step(f.Name)))
			continue
		}
		entries = append(entries, entryFor(b.c, f.Name, pv.rel.name))
	}
	owner.ProveTemplates(entries, pv.rel.name)
}

// entryFor is the templates: entry that ships candidate c as the file name.
func entryFor(c scaffold.Candidate, name, rel string) scaffold.Entry {
	e := scaffold.Entry{Kustomize: c.Kustomize, Path: c.Path, Comment: "reproduces " + name + " of " + rel}
	if layout.FileKind(name) == layout.KindClusterClass {
		return scaffold.Entry{ClusterClass: c.Kustomize + c.Path, Comment: e.Comment}
	}
	flavor := layout.TemplateFlavor(name)
	if c.Path != "" && path.Base(c.Path) == name {
		return e
	}
	e.Flavor = &flavor
	return e
}

// templateOwner is the provider templates go to: the infrastructure provider, else the first.
func (pv *prover) templateOwner() *scaffold.Provider {
	for _, pr := range pv.plan.Providers {
		if pr.Type == layout.InfrastructureProvider {
			return pr
		}
	}
	return pv.first()
}
