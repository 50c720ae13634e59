package scaffold

import (
	"path"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// Candidate is a tree input that may reproduce a released file: a kustomize folder or
// a plain YAML file (slash paths from the plan's root).
type Candidate struct {
	Kustomize, Path string
	Components      bool // a kustomize folder loading a Deployment: a components candidate
}

// Candidates lists every tree input a released file may come from: each kustomize
// folder, and each template-looking YAML file.
func (p *Plan) Candidates() []Candidate {
	var out []Candidate
	for _, src := range p.s.sources {
		out = append(out, Candidate{Kustomize: src.rel, Components: src.c.deployments > 0})
	}
	for _, f := range p.s.files {
		out = append(out, Candidate{Path: f})
	}
	return out
}

// MetadataFiles lists the tree's metadata.yaml files (slash paths).
func (p *Plan) MetadataFiles() []string { return slices.Clone(p.s.metadata) }

// StepFor names the release lines that write or ship the file name ("" when none is
// found): an upload naming it, else a line naming it or a generator writing it.
func (p *Plan) StepFor(name string) string {
	for _, a := range p.s.shipping().assets {
		if ok, _ := path.Match(a.name, name); ok {
			return a.lines()
		}
	}
	for _, l := range p.s.hints.Lines {
		if l.Release && strings.Contains(l.Text, name) {
			return l.At
		}
	}
	if g := p.s.shipping().generated; len(g) > 0 {
		return g[0]
	}
	return ""
}

// ProveComponents records that the release ships file, which dir reproduces.
func (pr *Provider) ProveComponents(dir, file, release string) {
	pr.Components, pr.File = dir, ""
	if file != layout.ComponentsFile(pr.Type) {
		pr.File = file
		pr.cite("componentsFile", Released, "%s ships it", release)
	}
	pr.cite("components", Released, "it reproduces %s of %s", file, release)
	pr.Variants = slices.DeleteFunc(pr.Variants, func(v string) bool { return v == dir })
	pr.Overlays = nil
}

// ProveExtra records another components file of the release, which dir reproduces.
func (p *Plan) ProveExtra(pr *Provider, dir, file, release string) {
	image := ""
	if src := p.s.find(dir); src != nil {
		image = p.s.image(src)
	}
	pr.Extra = slices.DeleteFunc(pr.Extra, func(e Extra) bool { return e.Name == file || e.Kustomize == dir })
	pr.Extra = append(pr.Extra, Extra{Name: file, Kustomize: dir, At: "it reproduces " + file + " of " + release, Image: image})
	pr.Variants = slices.DeleteFunc(pr.Variants, func(v string) bool { return v == dir })
	pr.cite("extraComponents", Released, "%s ships them", release)
}

// ProveImage records the manager image the release ships: its repository as newName
// (when the components leave another), its tag as the version (tag "true") or the
// version without its v ("trimPrefix").
func (pr *Provider) ProveImage(repo, tag, at string) {
	pr.NewName = ""
	if repo != pr.Image {
		pr.NewName = repo
	}
	pr.cite("image", Released, "%s", at)
	pr.Tag = tag
	pr.cite("tag", Released, "%s", at)
}

// ProvePullPolicy records that the release keeps the pull policy the components leave.
func (pr *Provider) ProvePullPolicy() {
	pr.PullPolicy = ""
	pr.Questions = slices.DeleteFunc(pr.Questions, func(q Question) bool { return q.Field == "pullPolicy" })
}

// ProveMetadata records the tree's metadata.yaml the release ships.
func (pr *Provider) ProveMetadata(file, release string) {
	pr.Metadata = file
	pr.cite("metadata", Released, "%s ships it", release)
}

// ProveTemplates sets the templates to those the release ships (each reproduced by its
// entry); the other entries become commented, not in the release.
func (pr *Provider) ProveTemplates(shipped []Entry, release string) {
	for _, e := range pr.Templates {
		if !slices.ContainsFunc(shipped, func(s Entry) bool {
			return s.Kustomize == e.Kustomize && s.Path == e.Path && s.ClusterClass == e.ClusterClass
		}) {
			e.Comment = "not in " + release
			pr.Commented = append(pr.Commented, e)
		}
	}
	pr.Templates = shipped
	pr.Questions = slices.DeleteFunc(pr.Questions, func(q Question) bool { return q.Field == "templates" && !q.unproven && !q.released })
	pr.cite("templates", Released, "what %s ships", release)
}

// AskRelease records a question the release raises: a released file nothing in the
// tree reproduces, or a released value init cannot write.
func (pr *Provider) AskRelease(field, text string) {
	pr.Questions = append(pr.Questions, Question{Field: field, Text: text, Evidence: Released.String(), released: true})
}

// ProveName records the name the release's source gives the provider.
func (pr *Provider) ProveName(name, from string) {
	pr.Name, pr.NameFrom = name, from
	pr.cite("name", Released, "%s", from)
}

// Dispute records what contradicts one of the provider's values: it is asked.
func (pr *Provider) Dispute(field, text string) { pr.ask(field, "%s", text) }

// Decide runs the decision point again, after new evidence.
func (p *Plan) Decide() {
	for _, pr := range p.Providers {
		pr.decide()
	}
}
