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
	tree  *tree  // nil for files
	at    string // the Makefile or script line naming it ("" when found by layout)
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

// flavors finds the kustomize flavor folders: those the Makefile or scripts render
// (loops included), the folders of a flavors or overlays tree (nested ones named by
// their path below it) or of a cluster-template-%.yaml pattern rule, then folders
// under templates/ that produce a Cluster and that no other such folder loads. When the
// Makefile or scripts render flavors, they are the release: other folders are commented.
// Folders that only wrap template files shipped as they are (a development
// kustomization around cluster-template.yaml) are not flavors.
func (s *treeSurvey) flavors() (out, commented []placed) {
	names := map[string][]string{}
	at := map[string]string{}
	for dir, fl := range s.hints.Flavors {
		names[dir] = fl
		at[dir] = s.hints.FlavorLine[dir]
	}
	commented = s.loopFlavors(names, at)
	named := len(names) > 0
	found, empty := s.treeFlavors(names)
	s.genericFlavors(names, found)
	commented = append(commented, empty...)
	commented = append(commented, s.devOnly(found)...)
	if !named {
		return s.unique(s.entries(merge(names, found), at)), commented
	}
	for _, p := range s.entries(found, at) {
		if slices.ContainsFunc(commented, func(c placed) bool { return c.rel == p.rel }) {
			continue
		}
		p.entry.Comment = "not rendered by the release build (" + strings.Join(s.hints.ScriptFiles, ", ") + "): ship it if it is released"
		commented = append(commented, p)
	}
	return s.unique(s.entries(names, at)), commented
}

// treeFlavors finds the folders of a flavors or overlays tree and of a
// cluster-template-%.yaml pattern rule, other than those in names.
// A folder directly under the tree that renders no Cluster (add-ons in kube-system)
// is no flavor: it comes back as a commented entry.
func (s *treeSurvey) treeFlavors(names map[string][]string) (map[string][]string, []placed) {
	found := map[string][]string{}
	var empty []placed
	for _, src := range s.sources {
		if _, done := names[src.rel]; done || isBase(src.rel) || src.typ() != "" {
			continue
		}
		root := flavorRoot(src.rel)
		switch {
		case root != "" && (src.c.clusters > 0 || s.unknownContent(src)) && !s.loadedBySibling(src, root):
			found[src.rel] = []string{pathFlavor(root, src.rel)}
		case root != "" && path.Dir(src.rel) == root && !s.loadedBySibling(src, root):
			n := pathFlavor(root, src.rel)
			empty = append(empty, placed{rel: src.rel, entry: Entry{Flavor: &n, Kustomize: src.rel,
				Comment: src.rel + " renders no Cluster (" + src.c.kindsSummary() + "): not a flavor; ship it if clusterctl should render it"}})
		case slices.Contains(s.hints.Patterns, path.Dir(src.rel)):
			found[src.rel] = []string{flavorName(src.rel)}
		}
	}
	return found, empty
}

// unknownContent reports a folder init cannot read whole: remote resources or files
// not in the tree (generated) may hold its Cluster.
func (s *treeSurvey) unknownContent(src *source) bool {
	return len(src.tree.remotes) > 0 || len(src.tree.missing) > 0
}

// devOnly moves the folders only development targets render out of found, as
// commented entries naming the line.
func (s *treeSurvey) devOnly(found map[string][]string) []placed {
	var out []placed
	for dir, at := range s.hints.DevFlavors {
		src := s.find(dir)
		if src == nil {
			continue
		}
		delete(found, dir)
		n := flavorName(dir)
		out = append(out, placed{rel: dir, tree: src.tree, entry: Entry{Flavor: &n, Kustomize: dir,
			Comment: "rendered by " + at + ", a development target: not shipped"}})
	}
	slices.SortFunc(out, func(a, b placed) int { return strings.Compare(a.rel, b.rel) })
	return out
}

// genericFlavors adds to found the folders under templates/ that produce a Cluster
// and that no other such folder, named or found flavor loads; a folder that only
// wraps shipped template files is recorded as a wrapper instead.
func (s *treeSurvey) genericFlavors(names, found map[string][]string) {
	var generic []*source
	for _, src := range s.sources {
		if src.c.clusters > 0 && inTemplates(src.rel) && !isBase(src.rel) && src.c.deployments == 0 {
			generic = append(generic, src)
		}
	}
	for _, src := range generic {
		_, done := names[src.rel]
		_, seen := found[src.rel]
		switch {
		case done || seen || includedByAny(src, generic) || s.loadedByFlavor(src, names) || s.loadedByFlavor(src, found):
		case s.wraps(src):
			s.wrappers = append(s.wrappers, src.tree)
		default:
			found[src.rel] = []string{flavorName(src.rel)}
		}
	}
}

func merge(a, b map[string][]string) map[string][]string {
	for k, v := range b {
		a[k] = v
	}
	return a
}

// loadedBySibling reports folders another folder of the same flavors tree loads (md-1).
func (s *treeSurvey) loadedBySibling(src *source, root string) bool {
	for _, o := range s.sources {
		if o != src && under(o.rel, root) && o.tree.includes(src.tree.dir) {
			return true
		}
	}
	return false
}

// wraps reports a kustomization that only loads template files init ships as they are
// (templates/kustomization.yaml around cluster-template.yaml for make create-workload-cluster).
func (s *treeSurvey) wraps(src *source) bool {
	if len(src.tree.kdirs) != 1 || len(src.tree.files) == 0 {
		return false
	}
	for _, f := range src.tree.files {
		if !templateName.MatchString(path.Base(s.rel(f))) {
			return false
		}
	}
	return true
}

func (s *treeSurvey) loadedByFlavor(src *source, names map[string][]string) bool {
	for dir := range names {
		if f := s.find(dir); f != nil && f.tree.includes(src.tree.dir) {
			return true
		}
	}
	return false
}

func (s *treeSurvey) entries(names map[string][]string, at map[string]string) []placed {
	var out []placed
	for _, src := range s.sources {
		for _, n := range names[src.rel] {
			e := Entry{Flavor: &n, Kustomize: src.rel}
			if at[src.rel] != "" {
				e.Comment = "rendered by " + at[src.rel]
			}
			out = append(out, placed{rel: src.rel, tree: src.tree, entry: e, at: at[src.rel]})
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
