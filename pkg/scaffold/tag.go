package scaffold

import (
	"regexp"
	"slices"
	"strings"
)

var (
	// stripV is a shell or Make expression dropping the version's v: ${VERSION//v},
	// ${VERSION#v}, ${GITHUB_REF#refs/tags/v}, $(patsubst v%,%,$(TAG)), $(TAG:v%=%).
	stripV    = regexp.MustCompile(`\$\{[A-Za-z_][A-Za-z0-9_]*(?://v|#v|#refs/tags/v|/#v/)\}|patsubst v%|:v%=%\)`)
	stripSet  = regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_]*)=["']?(\$\{[A-Za-z_][A-Za-z0-9_]*(?://v|#v|#refs/tags/v|/#v/)\})`)
	tagVarRef = regexp.MustCompile(`\$\{?\(?([A-Za-z_][A-Za-z0-9_]*)`)
	semver    = regexp.MustCompile(`^v?\d+\.\d+\.\d+`)
)

// decideTag sets p's tagFromVersion from the tags the release lines give the image:
// trimPrefix when one drops the version's v (in the line, or through a variable a
// release line sets so), true otherwise; it asks when a release line tags the image
// with a fixed word (dev, latest) rather than the version.
func (s *treeSurvey) decideTag(p *Provider, claims []imageClaim) {
	p.Tag = "true"
	p.cite("tag", Default, "the release version: no release line tags the image otherwise")
	strips := s.vStrips()
	for _, c := range claims {
		if c.tag == "" {
			continue
		}
		if stripV.MatchString(c.tag) {
			p.Tag = "trimPrefix"
			p.cite("tag", Scripted, "%s tags the image %s, the version without its v", c.at, c.tag)
			return
		}
		for _, m := range tagVarRef.FindAllStringSubmatch(c.tag, -1) {
			if at := strips[m[1]]; at != "" {
				p.Tag = "trimPrefix"
				p.cite("tag", Scripted, "%s tags the image with %s, which %s sets to the version without its v", c.at, m[1], at)
				return
			}
		}
	}
	if !slices.ContainsFunc(claims, func(c imageClaim) bool { return c.tag != "" }) && p.tagLeft != "" && !semver.MatchString(p.tagLeft) &&
		strings.Contains(p.Evidence["image"].Text, "as it is") {
		p.ask("tag", "the release renders the image with the tag the kustomization leaves, %q, not the version: init wrote tagFromVersion: true", p.tagLeft)
	}
	for _, c := range claims {
		switch {
		case c.tag == "" || strings.Contains(c.tag, "$") || semver.MatchString(c.tag):
			if c.tag != "" {
				p.cite("tag", Scripted, "%s tags the image %s", c.at, c.tag)
			}
		default:
			p.ask("tag", "%s tags the release image %q, not the version: init wrote tagFromVersion: true", c.at, c.tag)
		}
	}
}

// vStrips maps the variables release lines set to a version without its v to where.
func (s *treeSurvey) vStrips() map[string]string {
	out := map[string]string{}
	for _, l := range s.hints.Lines {
		if !l.Release {
			continue
		}
		for _, m := range stripSet.FindAllStringSubmatch(l.Text, -1) {
			if out[m[1]] == "" {
				out[m[1]] = l.At
			}
		}
	}
	for _, p := range s.hints.Pipes {
		for k, v := range p.Env {
			if p.Release && stripV.MatchString(v) && out[k] == "" {
				out[k] = p.EnvAt[k]
			}
		}
	}
	return out
}
