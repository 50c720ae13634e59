package scaffold

import (
	"regexp"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// anyBuild is a render written somewhere (kustomize build ARGS > or |).
var anyBuild = regexp.MustCompile(`\bbuild\s+([^>|;&]*?)\s*(?:>|\|)`)

// renderedDir is the folder a render line builds ("" for none).
func renderedDir(text string) string {
	m := anyBuild.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return releasescript.CleanRel(strings.Trim(releasescript.BuildDir(m[1]), `"'`))
}

// decideImage sets p's release image (NewName, "" when the release keeps the name the
// components leave) with its evidence, and asks when the release path does not say or
// its lines disagree. The order of evidence: lines of the release path that set the
// image; the Makefile's release image variables in the release scope; lines of other
// targets; the image the kustomization leaves.
func (s *treeSurvey) decideImage(p *Provider) {
	if p.Image == "" {
		return
	}
	claims := s.imageClaims(p)
	render, rendered := s.releaseRender(p.Components)
	var rel, unresolved, other []imageClaim
	for _, c := range claims {
		if rendered && c.release && c.onBuilt != (c.seq > render.Seq) {
			continue // a source edited after the render, or a built file before it: not what ships
		}
		switch {
		case c.release && c.resolved():
			rel = append(rel, c)
		case c.release:
			unresolved = append(unresolved, c)
		case c.resolved():
			other = append(other, c)
		}
	}
	switch {
	case len(rel) > 0:
		s.fromClaims(p, rel, true)
	case s.fromVariables(p):
	case len(other) > 0:
		s.fromClaims(p, other, false)
	default:
		s.keepLeft(p)
	}
	if n := p.releaseName(); normalImage(n) != n && strings.Contains(n, "/") && !strings.Contains(n, "$") {
		p.ask("image", "the release image %s is a short name clusterctl cannot parse (the build stops with components-image-canonical): init wrote it as the release has it; write newName: %s", n, normalImage(n))
	}
	for _, c := range unresolved {
		p.ask("image", "%s sets the image to %s (%s), which init cannot resolve (a secret, a shell call or a CI variable): it wrote %s; set newName if the release pushes elsewhere",
			c.at, c.name, c.how, p.releaseName())
	}
	s.decideTag(p, append(rel, unresolved...))
}

// releaseName is the image the config makes the release use.
func (p *Provider) releaseName() string {
	if p.NewName != "" {
		return p.NewName
	}
	return p.Image
}

// fromClaims takes the image the last claim sets: each run overwrites what earlier ones
// wrote. It asks when runs from different roots (pipeline lines, or release targets
// with no pipeline saying which runs last) set different names, when the name drops a
// per-architecture suffix, or when no release line sets it.
func (s *treeSurvey) fromClaims(p *Provider, cs []imageClaim, release bool) {
	best := slices.MaxFunc(cs, func(a, b imageClaim) int { return a.seq - b.seq })
	p.setName(best.name)
	p.cite("image", Scripted, "%s (%s)", best.at, best.how)
	var others []string
	for _, c := range cs {
		if !sameImage(c.name, best.name) && !ordered(c.root, best.root) && !slices.Contains(others, c.name+" ("+c.at+", run by "+c.root+")") {
			others = append(others, c.name+" ("+c.at+", run by "+c.root+")")
		}
	}
	if len(others) > 0 {
		p.ask("image", "the release image is set to %s by %s (run by %s) and to %s: init wrote the first", best.name, best.at, best.root, strings.Join(others, ", "))
	}
	if best.arch {
		p.ask("image", "%s sets a per-architecture image (%s-<arch>): init wrote the multi-architecture name %s; check the release pushes it", best.at, best.name, best.name)
	}
	if !release {
		p.ask("image", "no line of the release path sets the image; %s (run by %s, not a release) sets %s, which init wrote", best.at, best.root, best.name)
	}
}

// setName sets NewName unless the release keeps the name the components leave.
func (p *Provider) setName(name string) {
	if !sameImage(name, p.Image) {
		p.NewName = name
	}
}

// keepLeft keeps the image the components leave: evidence when a release line builds
// the components folder as it is, a question otherwise.
func (s *treeSurvey) keepLeft(p *Provider) {
	if at := s.releaseBuildOf(p.Components); at != "" {
		p.cite("image", Scripted, "%s renders %s as it is", at, p.Components)
		return
	}
	p.ask("image", "no release pipeline or target sets or builds the image: init kept %s, the image %s leaves; set newName if the release pushes another", p.Image, p.Components)
}

// releaseBuildOf returns where the release renders folder rel ("" if it does not).
func (s *treeSurvey) releaseBuildOf(rel string) string {
	if l, ok := s.releaseRender(rel); ok {
		return l.At
	}
	return ""
}

// releaseRender returns the last release line (in run order) rendering folder rel, or
// a folder loading it (config/ around config/default).
func (s *treeSurvey) releaseRender(rel string) (releasescript.Line, bool) {
	var best releasescript.Line
	found := false
	for _, l := range s.hints.Lines {
		d := renderedDir(l.Text)
		if m := releasescript.CompBuild.FindStringSubmatch(l.Text); m != nil {
			d = (releasescript.ComponentBuild{Cd: m[1], Dir: m[2]}).Folder()
		}
		if l.Release && d != "" && s.rendersFolder(d, rel) && (!found || l.Seq > best.Seq) {
			best, found = l, true
		}
	}
	return best, found
}

// rendersFolder reports whether rendering folder d renders folder rel.
func (s *treeSurvey) rendersFolder(d, rel string) bool {
	if d == rel {
		return true
	}
	src := s.find(d)
	return src != nil && src.tree.includes(s.abs(rel))
}

// ordered reports two runs whose order is known: the same run, or two lines of one
// pipeline file (the later one overwrites what the earlier wrote).
func ordered(a, b string) bool {
	if a == b {
		return true
	}
	fa, _, okA := strings.Cut(a, ":")
	fb, _, okB := strings.Cut(b, ":")
	return okA && okB && fa == fb
}
