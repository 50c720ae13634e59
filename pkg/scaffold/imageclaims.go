package scaffold

import (
	"path"

	"github.com/distribution/reference"
	"regexp"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// imageClaim is a line that sets a provider's manager image: what it sets, where, and
// whether the release path runs it.
type imageClaim struct {
	name, tag string // the image name and tag expression it sets, variables expanded
	at, how   string // file:line and what the line does
	release   bool
	arch      bool   // a per-architecture suffix (-$(ARCH), -amd64) was dropped from the name
	root      string // the pipeline line or target whose run reaches the line
	seq       int    // the order the runs reach it
	onBuilt   bool   // it edits the rendered components file (after the render), not a source
}

var (
	editSetImage = regexp.MustCompile(`\bedit\s+set\s+image\s+"?([^\s="]+)(?:=([^\s"]+))?`)
	cdDir        = regexp.MustCompile(`\bcd\s+"?([^\s";&]+)"?\s*(?:&&|;)`)
	sedExpr      = regexp.MustCompile(`\bs([@|,#!])(.+?)([@|,#!])(.*?)([@|,#!])`)
	archSuffix   = regexp.MustCompile(`-(?:\$[({][^)}]*ARCH[^)}]*[)}]|amd64|arm64|arm|ppc64le|s390x)$`)
	yamlArg      = regexp.MustCompile(`"?([^\s"']+\.ya?ml)"?`)
	// jqImages is a kustomize images: entry a jq or yq line writes ({"name":…,"newName":…,"newTag":…}).
	jqImages = regexp.MustCompile(`"name"\s*:\s*"([^"]+)"\s*,\s*"newName"\s*:\s*"([^"]+)"(?:\s*,\s*"newTag"\s*:\s*"([^"]*)")?`)
)

// imageClaims lists the lines of the release path and of non-development targets that
// set p's image: kustomize edit set image in one of its components folders, a sed
// writing image: into one of its files or its built components file, a sed replacing
// its image in the built file (…:latest by …:${VERSION}).
func (s *treeSurvey) imageClaims(p *Provider) []imageClaim {
	var out []imageClaim
	for _, l := range s.hints.Lines {
		if l.Dev() && !l.Release {
			continue
		}
		if c, ok := s.editClaim(p, l); ok {
			out = append(out, c)
		}
		out = append(out, s.sedClaims(p, l)...)
		if m := jqImages.FindStringSubmatch(l.Text); m != nil && sameImage(m[1], p.Image) {
			out = append(out, newClaim(m[2]+":"+m[3], l, "an images: entry for "+m[1]+" written by the line"))
		}
	}
	return out
}

// editClaim reads "cd DIR && kustomize edit set image NAME=IMAGE[:TAG]".
func (s *treeSurvey) editClaim(p *Provider, l releasescript.Line) (imageClaim, bool) {
	m := editSetImage.FindStringSubmatchIndex(l.Text)
	if m == nil || len(p.trees) == 0 {
		return imageClaim{}, false
	}
	cd := cdDir.FindStringSubmatch(l.Text[:m[0]])
	if cd == nil || !slices.Contains(s.kdirs(p.trees[0]), releasescript.CleanRel(cd[1])) {
		return imageClaim{}, false
	}
	f := releasescript.ShellFields(l.Text[m[2]:]) // a value holding $(shell …) is one word
	name, ref, set := strings.Cut(strings.Trim(f[0], `"`), "=")
	if !set { // edit set image IMAGE:TAG: a new tag for the image of that name
		ref = name
		if n, _ := splitRef(name); !sameImage(n, p.Image) {
			return imageClaim{}, false
		}
	}
	return newClaim(ref, l, "kustomize edit set image in "+releasescript.CleanRel(cd[1])), true
}

// sedClaims reads sed expressions that set p's image.
func (s *treeSurvey) sedClaims(p *Provider, l releasescript.Line) []imageClaim {
	if !strings.Contains(l.Text, "sed") {
		return nil
	}
	files := yamlArg.FindAllStringSubmatch(l.Text, -1)
	if len(files) == 0 {
		return nil
	}
	target := releasescript.CleanRel(files[len(files)-1][1])
	var out []imageClaim
	for _, m := range sedExpr.FindAllStringSubmatch(l.Text, -1) {
		pat, rep := m[2], strings.Trim(m[4], `'"`)
		switch {
		case strings.Contains(rep, "image:") && s.ownsFile(p, target):
			v := strings.Trim(rep[strings.Index(rep, "image:")+len("image:"):], `'"\ `)
			out = append(out, s.built(newClaim(v, l, "sed sets image: in "+target), p, target))
		case looksLikeImage(pat) && looksLikeImage(rep) && s.ownsFile(p, target) && releasescript.ImageName(strings.Trim(pat, `'"`)) == p.Image:
			out = append(out, s.built(newClaim(rep, l, "sed replaces "+strings.Trim(pat, `'"`)+" in "+path.Base(target)), p, target))
		}
	}
	return out
}

// newClaim splits an image reference into name and tag and drops a per-architecture suffix.
func newClaim(ref string, l releasescript.Line, how string) imageClaim {
	name, tag := splitRef(strings.Trim(ref, `'"\ `))
	c := imageClaim{name: name, tag: tag, at: l.At, how: how, release: l.Release, root: l.Root, seq: l.Seq}
	if archSuffix.MatchString(c.name) {
		c.name, c.arch = archSuffix.ReplaceAllString(c.name, ""), true
	}
	return c
}

func looksLikeImage(s string) bool {
	s = strings.Trim(s, `'"`)
	return strings.Contains(s, "/") && !strings.ContainsAny(s, " *[]^\\") && strings.Contains(s, ":")
}

// ownsFile reports a file of p's components tree, or p's built components file.
func (s *treeSurvey) ownsFile(p *Provider, rel string) bool {
	base := path.Base(rel)
	if base == componentsFile(p.Type) || base == p.File {
		return true
	}
	if len(p.trees) == 0 {
		return false
	}
	return slices.Contains(p.trees[0].files, s.abs(rel)) || slices.Contains(s.kdirs(p.trees[0]), path.Dir(rel))
}

// kdirs are a tree's kustomization folders as slash paths from the root.
func (s *treeSurvey) kdirs(t *tree) []string {
	var out []string
	for _, d := range t.kdirs {
		out = append(out, s.rel(d))
	}
	return out
}

// resolved reports a claim whose name holds no variable init could not expand.
func (c imageClaim) resolved() bool {
	return c.name != "" && !strings.ContainsAny(c.name, "$`{}()") && strings.Contains(c.name, "/")
}

// splitRef splits an image reference into name and tag (or digest) at the last ":" or
// "@" outside ${…} and $(…) that no "/" follows: ghcr.io/x/y:${VERSION//v} gives
// ghcr.io/x/y and ${VERSION//v}.
func splitRef(ref string) (string, string) {
	depth, cut := 0, -1
	for i, r := range ref {
		switch {
		case r == '{' || r == '(':
			depth++
		case r == '}' || r == ')':
			depth--
		case depth == 0 && r == '/':
			cut = -1
		case depth == 0 && (r == ':' || r == '@') && cut < 0:
			cut = i
		}
	}
	if cut < 0 {
		return ref, ""
	}
	return ref[:cut], ref[cut+1:]
}

// sameImage compares image names as clusterctl and registries do (cdkbot/x is
// docker.io/cdkbot/x).
func sameImage(a, b string) bool {
	return normalImage(a) == normalImage(b)
}

func normalImage(n string) string {
	if r, err := reference.ParseNormalizedNamed(n); err == nil {
		return r.Name()
	}
	return n
}

// built marks a claim on p's rendered components file (not a file of its tree).
func (s *treeSurvey) built(c imageClaim, p *Provider, target string) imageClaim {
	c.onBuilt = len(p.trees) == 0 || !slices.Contains(p.trees[0].files, s.abs(target)) && !slices.Contains(s.kdirs(p.trees[0]), path.Dir(target))
	return c
}
