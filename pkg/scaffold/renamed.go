package scaffold

import (
	"cmp"
	"regexp"
	"strings"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// fileFrom is where a file comes from: the folder a line renders into it, or the file
// a line copies to it.
type fileFrom struct{ folder, src, at string }

var docURL = regexp.MustCompile(`^\s*-?\s*url:\s*["']?\S*/([^/\s"']+\.ya?ml)["']?\s*$`)

// renamedFile keeps the name the release gives p's components file when it is not the
// contract's: a file the release ships that lines copy from a render of p's folder
// (cp dist/controlplane_install.yaml controlplane-components.yaml after kustomize build
// controlplane/config/default > dist/controlplane_install.yaml). It asks when the docs
// point clusterctl at another name than the one the config writes.
func (s *treeSurvey) renamedFile(p *Provider) {
	if p.File == "" {
		from := s.filesFrom()
		for _, a := range s.shipping().assets {
			if !strings.Contains(a.name, "components") || a.name == componentsFile(p.Type) || strings.ContainsAny(a.name, "*?[") {
				continue
			}
			if chain, ok := s.renders(from, cmp.Or(a.source, a.name), p.Components); ok {
				p.File = a.name
				p.cite("componentsFile", Scripted, "the release ships it (%s): %s", a.at, chain)
				break
			}
		}
	}
	name := cmp.Or(p.File, componentsFile(p.Type))
	for _, d := range s.docFileNames()[string(p.Type)] {
		if d.name != name && strings.Contains(d.name, "components") {
			p.ask("componentsFile", "the docs point clusterctl at %s for this %s (%s); the config writes %s", d.name, p.Type, d.at, name)
			return
		}
	}
}

// renders follows copies back from file to a render and reports whether it renders folder.
func (s *treeSurvey) renders(from map[string]fileFrom, file, folder string) (string, bool) {
	var chain []string
	for range 6 {
		f, ok := from[releasescript.CleanRel(file)]
		switch {
		case !ok:
			return "", false
		case f.folder != "":
			return strings.Join(append(chain, f.at+" renders "+f.folder+" to "+file), "; "), f.folder == folder
		}
		chain = append(chain, f.at+" copies "+f.src+" to "+file)
		file = f.src
	}
	return "", false
}

// filesFrom maps the files non-development lines write to where they come from.
func (s *treeSurvey) filesFrom() map[string]fileFrom {
	out := map[string]fileFrom{}
	for _, l := range s.hints.Lines {
		if l.Dev() && !l.Release {
			continue
		}
		if d := renderedDir(l.Text); d != "" {
			if o := buildOutput(l.Text); o != "" && out[o].at == "" {
				out[o] = fileFrom{folder: d, at: l.At}
			}
		}
		if m := copyLine.FindStringSubmatch(l.Text); m != nil && len(strings.Fields(m[1])) == 1 {
			dst := releasescript.CleanRel(strings.Trim(m[2], `"'`))
			if out[dst].at == "" {
				out[dst] = fileFrom{src: releasescript.CleanRel(strings.Trim(m[1], `"'`)), at: l.At}
			}
		}
	}
	return out
}

// docFileNames are the components file names the docs' clusterctl.yaml entries give
// each type (readDocs).
func (s *treeSurvey) docFileNames() map[string][]nameClaim {
	s.readDocs()
	return s.fileNames
}
