package scaffold

import (
	"path"
	"slices"
	"strings"
)

// placed is a template source with the folder or file it comes from.
type placed struct {
	rel   string
	entry Entry
	tree  *tree // nil for files
}

// flavorName turns a folder name into a flavor: default and cluster-template are the
// default flavor, a cluster-template- prefix is dropped.
func flavorName(dir string) string {
	n := path.Base(dir)
	if n == "default" || n == "cluster-template" {
		return ""
	}
	return strings.TrimPrefix(n, "cluster-template-")
}

func isBase(dir string) bool {
	n := path.Base(dir)
	return strings.Contains(n, "base") || n == "patches" || n == "addons" || n == "mixins" || n == "components"
}

// inTemplates reports folders under a templates tree.
func inTemplates(rel string) bool {
	return slices.Contains(strings.Split(rel, "/"), "templates")
}

// flavors finds the kustomize flavor folders: those the Makefile renders, the children
// of a flavors folder (or of a cluster-template-%.yaml pattern rule), then folders
// under templates/ that produce a Cluster and that no other such folder loads.
func (s *treeSurvey) flavors() []placed {
	names := map[string][]string{}
	for dir, fl := range s.hints.flavors {
		names[dir] = fl
	}
	for _, src := range s.sources {
		parent := path.Dir(src.rel)
		if _, done := names[src.rel]; done || isBase(src.rel) {
			continue
		}
		if path.Base(parent) == "flavors" || slices.Contains(s.hints.patterns, parent) {
			names[src.rel] = []string{flavorName(src.rel)}
		}
	}
	var generic []*source
	for _, src := range s.sources {
		if src.c.clusters > 0 && inTemplates(src.rel) && !isBase(src.rel) && src.c.deployments == 0 {
			generic = append(generic, src)
		}
	}
	for _, src := range generic {
		if _, done := names[src.rel]; !done && !includedByAny(src, generic) && !s.loadedByFlavor(src, names) {
			names[src.rel] = []string{flavorName(src.rel)}
		}
	}
	return s.entries(names)
}

func (s *treeSurvey) loadedByFlavor(src *source, names map[string][]string) bool {
	for dir := range names {
		if f := s.find(dir); f != nil && f.tree.includes(src.tree.dir) {
			return true
		}
	}
	return false
}

func (s *treeSurvey) entries(names map[string][]string) []placed {
	var out []placed
	for _, src := range s.sources {
		for _, n := range names[src.rel] {
			out = append(out, placed{rel: src.rel, tree: src.tree, entry: Entry{Flavor: &n, Kustomize: src.rel}})
		}
	}
	slices.SortStableFunc(out, func(a, b placed) int { return strings.Compare(*a.entry.Flavor, *b.entry.Flavor) })
	return out
}

// classes finds kustomize folders under templates/ that produce ClusterClasses only.
func (s *treeSurvey) classes(flavors []placed) []placed {
	var cands []*source
	for _, src := range s.sources {
		if src.c.classes > 0 && src.c.clusters == 0 && inTemplates(src.rel) && !isBase(src.rel) {
			cands = append(cands, src)
		}
	}
	var out []placed
	for _, src := range cands {
		if includedByAny(src, cands) || slices.ContainsFunc(flavors, func(f placed) bool { return f.tree.includes(src.tree.dir) || f.rel == src.rel }) {
			continue
		}
		out = append(out, placed{rel: src.rel, tree: src.tree, entry: Entry{ClusterClass: src.rel}})
	}
	return out
}
