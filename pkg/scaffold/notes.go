package scaffold

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

var (
	postProcess = regexp.MustCompile(`\b(sed|awk|yq|envsubst|perl)\b`)
	builtFile   = regexp.MustCompile(`[\w.${}-]*(?:cluster-template|clusterclass|components)[\w.${}-]*\.yaml`)
	copyLine    = regexp.MustCompile(`^(?:cp|mv)\s+(?:-\S+\s+)*(.+?)\s+"?(\S+?)"?$`)
)

// notes adds what the build cannot do as the Makefile does: generated inputs (files a
// kustomization loads that are not in the tree, and the make target writing them),
// post-processing of built files (sed after kustomize build), and templates under other
// names (a file copied to cluster-template*.yaml, e2e templates a target renders).
func (s *treeSurvey) notes(p *Provider) {
	for _, t := range p.trees {
		for _, m := range t.missing {
			p.Notes = append(p.Notes, s.generated(t, s.rel(m)))
			if im, at := s.generatedImage(s.rel(m)); im != "" && p.Image != "" {
				p.Image = im
				p.cite("imageName", Declared, "%s writes it into %s", at, s.rel(m))
			}
		}
	}
	var tests []string
	for _, l := range s.hints.Lines {
		switch {
		case postProcess.MatchString(l.Text) && !l.Dev() && s.postProcesses(l.Text) && !imageSed(l.Text):
			p.Notes = append(p.Notes, l.At+" post-processes a built file ("+strings.Fields(postProcess.FindString(l.Text))[0]+"), which capirepo build does not do: the built file differs; move the change into the kustomization")
		case copyLine.MatchString(l.Text):
			s.copyNote(p, l)
		case releasescript.BuildLine.MatchString(l.Text) && releasescript.IsTestPath(l.Text) && p.Type == "InfrastructureProvider" && !slices.Contains(tests, l.Target):
			tests = append(tests, l.Target)
			m := releasescript.BuildLine.FindStringSubmatch(l.Text)
			p.Notes = append(p.Notes, l.At+" renders "+path.Base(m[2])+" (and `make "+l.Target+"` maybe more) for tests: not shipped")
		}
	}
	p.Notes = slices.Compact(p.Notes)
}

// generated names the make target writing a missing input.
func (s *treeSurvey) generated(t *tree, rel string) string {
	what := s.rel(t.dir) + " loads " + rel + ", which is not in the tree"
	base := path.Base(rel)
	for _, l := range s.hints.Lines {
		if writes(l.Text, base) {
			return what + ": `make " + l.Target + "` writes it (" + l.At + "); run it before capirepo build"
		}
	}
	return what + ": generate it before capirepo build (no Makefile line writes it)"
}

// writes reports a line that writes a file named base (> file, -o file, cp/mv to it).
func writes(text, base string) bool {
	for _, op := range []string{">", "-o ", "--output "} {
		if i := strings.LastIndex(text, op); i >= 0 && strings.Contains(text[i:], base) {
			return true
		}
	}
	m := copyLine.FindStringSubmatch(text)
	return m != nil && path.Base(m[2]) == base
}

// postProcesses reports a line editing a built file: a pipe from kustomize build, or an
// in-place edit of a components or template file.
func (s *treeSurvey) postProcesses(text string) bool {
	if strings.Contains(text, "kubectl") || strings.Contains(text, "docker build") {
		return false // applied to a cluster or an image build, not a release file
	}
	if k := strings.Index(strings.ToLower(text), "kustomize"); k >= 0 {
		rest := text[k:]
		if b, p := strings.Index(rest, "build "), strings.Index(rest, "|"); b >= 0 && p > b && postProcess.MatchString(rest[p:]) {
			return true
		}
	}
	return strings.Contains(text, " -i") && builtFile.MatchString(text) && !strings.Contains(text, "patch")
}

// copyNote comments a file copied to a cluster-template*.yaml name: ship it under the
// flavor the copy names, if it is a release template.
func (s *treeSurvey) copyNote(p *Provider, l releasescript.Line) {
	m := copyLine.FindStringSubmatch(l.Text)
	dst := templateName.FindStringSubmatch(path.Base(m[2]))
	srcs := strings.Fields(m[1])
	if dst == nil || len(srcs) != 1 {
		return
	}
	src := releasescript.CleanRel(strings.Trim(srcs[0], `"'`))
	if templateName.MatchString(path.Base(src)) || strings.ContainsAny(src, "*$") {
		return
	}
	fl := dst[1]
	e := Entry{Flavor: &fl, Path: src, Comment: l.At + " copies " + src + " to " + path.Base(m[2]) + ": ship it here if it is a release template"}
	if l.Dev() || releasescript.IsTestPath(src) {
		e.Comment = l.At + " (" + l.Target + ") copies " + src + " to " + path.Base(m[2]) + " for tests: not shipped"
	}
	if under(src, p.Root) && !slices.ContainsFunc(p.Commented, func(c Entry) bool { return c.Path == src }) {
		p.Commented = append(p.Commented, e)
	}
}

// generatedImage is the image a generated patch sets (sed 's@image: .*@image: $(IMG)@'
// ... > the missing file): IMG's name, so images: matches the components after make.
func (s *treeSurvey) generatedImage(rel string) (string, string) {
	img := releasescript.Expand("${IMG}", s.hints.Vars)
	if strings.Contains(img, "$") && strings.LastIndex(img, ":") > strings.LastIndex(img, "/") {
		img = img[:strings.LastIndex(img, ":")]
	}
	if strings.Contains(img, "$") || img == "" {
		return "", ""
	}
	for _, l := range s.hints.Lines {
		if writes(l.Text, path.Base(rel)) && strings.Contains(l.Text, "image") && strings.Contains(l.Text, img) {
			return releasescript.ImageName(img), l.At
		}
	}
	return "", ""
}

// imageSed reports a sed that only sets images or their pull policy (what images: and
// imagePullPolicy do), not a change the build misses.
func imageSed(text string) bool {
	exprs := sedExpr.FindAllStringSubmatch(text, -1)
	for _, m := range exprs {
		rep := strings.Trim(m[4], `'"`)
		if !strings.Contains(rep, "image:") && !strings.Contains(rep, "imagePullPolicy:") && !(looksLikeImage(m[2]) && looksLikeImage(rep)) {
			return false
		}
	}
	return len(exprs) > 0
}
