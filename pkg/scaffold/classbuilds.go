package scaffold

import (
	"path"
	"strings"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// classBuilds are the ClusterClass folders the release scripts render into a
// clusterclass-*.yaml file (linode's hack/generate-flavors.sh loops over its
// ClusterClass folders), and the cluster-template*.yaml files the same lines copy out
// of them (the Cluster using the class, shipped as it is).
func (s *treeSurvey) classBuilds() []placed {
	var out []placed
	for _, b := range s.hints.ClassBuilds {
		for _, src := range s.sources {
			p, ok := b.Resolve(src.rel, b.Out)
			if !ok || src.typ() != "" || !classFile.MatchString(path.Base(p[0])) {
				continue
			}
			e := Entry{ClusterClass: src.rel, Comment: "rendered by " + b.At + " as " + path.Base(p[0])}
			out = append(out, placed{rel: src.rel, tree: src.tree, entry: e, at: b.At})
			out = append(out, s.classCopies(b, src.rel)...)
		}
	}
	return out
}

// classCopies are the copies, on the release path, of a cluster-template*.yaml file
// out of the folder b builds, as a cluster-template-<flavor>.yaml.
func (s *treeSurvey) classCopies(b releasescript.ClassBuild, rel string) []placed {
	var out []placed
	for _, l := range s.hints.Lines {
		m := copyLine.FindStringSubmatch(l.Text)
		if m == nil || l.Dev() && !l.Release || len(strings.Fields(m[1])) != 1 {
			continue
		}
		p, _ := b.Resolve(rel, releasescript.CleanRel(strings.Trim(m[1], `"'`)), releasescript.CleanRel(strings.Trim(m[2], `"'`)))
		fl := templateName.FindStringSubmatch(path.Base(p[1]))
		if path.Dir(p[0]) != rel || fl == nil || fl[1] == "" || !templateName.MatchString(path.Base(p[0])) {
			continue
		}
		if _, err := s.r.read(s.abs(p[0])); err != nil {
			continue
		}
		if s.copiedTo == nil {
			s.copiedTo = map[string]string{}
		}
		s.copiedTo[p[0]] = p[1]
		e := Entry{Flavor: &fl[1], Path: p[0], Comment: "the release copies it as " + path.Base(p[1]) + " (" + l.At + ")"}
		out = append(out, placed{rel: p[0], entry: e})
	}
	return out
}

// withoutClassBuilds drops the entries classBuilds replaces: the same folder placed
// as a flavor or a ClusterClass, or the same file.
func withoutClassBuilds(ps, builds []placed) []placed {
	var out []placed
	for _, p := range ps {
		if !slicesContainsRel(builds, p.rel) {
			out = append(out, p)
		}
	}
	return out
}

func slicesContainsRel(ps []placed, rel string) bool {
	for _, p := range ps {
		if p.rel == rel {
			return true
		}
	}
	return false
}
