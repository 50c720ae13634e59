package scaffold

import (
	"regexp"
	"slices"
	"strings"
)

// citeComponents records the evidence of p's type, components folder and the image
// name its components leave.
func (s *treeSurvey) citeComponents(p *Provider, main *source) {
	if g, at := s.groupOf(p, main); g != "" {
		p.cite("type", Declared, "CRD group %s (%s)", g, at)
	}
	if at := s.releaseBuildOf(p.Components); at != "" {
		p.cite("components", Scripted, "%s renders it", at)
	} else if b, ok := s.buildOf(p.Components); ok {
		p.cite("components", Scripted, "the Makefile renders it to %s", b.File)
	} else {
		p.cite("components", Default, "it loads the manager Deployment and the CRDs")
	}
	if p.Image == "" {
		return
	}
	p.cite("imageName", Declared, "%s", s.imageNameAt(main, p.Image))
}

// groupOf is a CRD group of p's type and the line serving it.
func (s *treeSurvey) groupOf(p *Provider, main *source) (string, string) {
	groups := slices.Clone(main.c.groups)
	slices.SortStableFunc(groups, func(a, b string) int {
		return boolInt(groupType(b) == string(p.Type)) - boolInt(groupType(a) == string(p.Type))
	})
	if len(groups) == 0 {
		return "", ""
	}
	f := main.c.groupAt[groups[0]]
	return groups[0], s.lineOf(s.rel(f), regexp.MustCompile(`^\s*group:\s*["']?`+regexp.QuoteMeta(groups[0])))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// imageNameAt is where the image name the components leave is set: a kustomization's
// images: newName, else the manager container's image: line.
func (s *treeSurvey) imageNameAt(main *source, name string) string {
	for _, d := range main.tree.kdirs {
		if f := kustomizationIn(d); f != "" {
			if at := s.lineOf(s.rel(f), regexp.MustCompile(`newName:\s*["']?`+regexp.QuoteMeta(name)+`["']?\s*$`)); strings.Contains(at, ":") {
				return at
			}
		}
	}
	if main.c.imageAt == "" {
		return main.rel
	}
	return s.lineWith(s.rel(main.c.imageAt), "image: "+main.c.image)
}
