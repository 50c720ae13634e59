package scaffold

import (
	"cmp"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// ships reports whether the release ships entry e as the file name, and the lines
// read: the ones that ship it, else the ones that name what ships.
func (s *treeSurvey) ships(e Entry, name string) (bool, string) {
	var ats []string
	for _, a := range s.shipping().assets {
		if ok, _ := path.Match(a.name, name); ok && s.fromSource(e, a.source) {
			return true, a.lines()
		}
		if !slices.Contains(ats, a.at) {
			ats = append(ats, a.at)
		}
	}
	if len(ats) > 3 {
		ats = append(ats[:3], "…")
	}
	return false, strings.Join(ats, ", ")
}

// fromSource reports whether e's output comes from source (a tree path or glob, or
// "kustomize:DIR"; "" matches any): its file, or the file a render line writes from its folder.
func (s *treeSurvey) fromSource(e Entry, source string) bool {
	match := func(p string) bool { ok, _ := path.Match(source, p); return ok }
	switch {
	case source == "":
		return true
	case strings.HasPrefix(source, "kustomize:"):
		return e.Kustomize == strings.TrimPrefix(source, "kustomize:")
	case e.Path != "":
		return match(e.Path) || s.copiedTo[e.Path] != "" && match(s.copiedTo[e.Path])
	case e.ClusterClass != "" && !s.treeDir(e.ClusterClass):
		return match(e.ClusterClass)
	}
	dir := e.Kustomize + e.ClusterClass
	for out, from := range s.hints.Outputs {
		if (from == dir || strings.Contains(from, "$") && loopMatches(from, dir)) && match(out) {
			return true
		}
	}
	return false
}

func loopMatches(pattern, dir string) bool {
	re, _ := releasescript.Loop{Dir: pattern}.Pattern()
	return re.MatchString(dir)
}

// restrict keeps the templates the release ships when its lines say which: the others
// become commented entries naming the lines read; files the release names that no
// entry produces are named in a note. When no release line says, it asks.
func (s *treeSurvey) restrict(p *Provider) {
	rf := s.shipping()
	if !rf.listed {
		if len(p.Templates) > 0 {
			p.ask("templates", "no release pipeline or target names the templates the release ships: init ships every template it found; comment out those the release does not ship")
		}
		for i, e := range p.Templates {
			if e.Comment == "" {
				p.Templates[i].Comment = "found in the tree: " + s.foundAs(e)
			}
		}
		return
	}
	var keep []Entry
	for _, e := range s.expandFolders(p.Templates) {
		name := outputName(e)
		if name == "" {
			name = s.classOutput(e)
		}
		ok, at := s.ships(e, name)
		if name != "" && !ok {
			e.Comment = strings.TrimPrefix(e.Comment+"; ", "; ") + name + " is not in the release (" + cmp.Or(at, "the release lines") + " ship what they name)"
			p.Commented = append(p.Commented, e)
			continue
		}
		if e.Comment == "" {
			e.Comment = s.shippedBy(e, ok, at)
		}
		keep = append(keep, e)
	}
	p.Templates = keep
	p.cite("templates", Scripted, "what the release lines ship: %s%s", rf.at(), rf.generatedNote())
	s.unbuilt(p, keep, rf)
}

// unbuilt notes template files the release names that no kept entry builds.
func (s *treeSurvey) unbuilt(p *Provider, keep []Entry, rf *releaseFiles) {
	var made []string
	for _, e := range keep {
		made = append(made, outputName(e), s.classOutput(e))
		for _, f := range s.files {
			if e.Flavor == nil && path.Dir(f) == e.Path {
				made = append(made, path.Base(f))
			}
		}
	}
	for _, a := range rf.assets {
		if isTemplateName(a.name) && !strings.ContainsAny(a.name, "*?[$") && !slices.Contains(made, a.name) {
			p.Notes = append(p.Notes, a.at+" ships "+a.name+", which no templates: entry builds: add its source")
		}
	}
}

// outputName is the release file a template entry writes ("" for ClusterClass sources
// and folders, whose names come from their content).
func outputName(e Entry) string {
	switch {
	case e.Flavor != nil && *e.Flavor == "":
		return "cluster-template.yaml"
	case e.Flavor != nil:
		return "cluster-template-" + *e.Flavor + ".yaml"
	case e.Path != "" && strings.HasSuffix(e.Path, ".yaml"):
		return path.Base(e.Path)
	}
	return ""
}

var className = regexp.MustCompile(`(?m)^kind:\s*ClusterClass\s*$[\s\S]*?^  name:\s*["']?([\w.-]+)`)

// classOutput is the release file a clusterClass: file entry writes
// (clusterclass-<name>.yaml; "" for folders and unreadable files).
func (s *treeSurvey) classOutput(e Entry) string {
	if e.ClusterClass == "" || !strings.HasSuffix(e.ClusterClass, ".yaml") {
		return ""
	}
	data, err := s.r.read(s.abs(e.ClusterClass))
	if err != nil {
		return ""
	}
	if m := className.FindSubmatch(data); m != nil {
		return "clusterclass-" + string(m[1]) + ".yaml"
	}
	return ""
}

// expandFolders turns path: folder entries into one entry per template file, so each
// can be checked against the release.
func (s *treeSurvey) expandFolders(es []Entry) []Entry {
	var out []Entry
	for _, e := range es {
		if e.Flavor != nil || e.Path == "" || strings.HasSuffix(e.Path, ".yaml") {
			out = append(out, e)
			continue
		}
		var files []Entry
		for _, f := range s.files {
			if path.Dir(f) == e.Path && (templateName.MatchString(path.Base(f)) || classFile.MatchString(path.Base(f))) {
				files = append(files, Entry{Path: f})
			}
		}
		if !slices.ContainsFunc(files, func(f Entry) bool { ok, _ := s.ships(f, outputName(f)); return !ok }) {
			out = append(out, e)
			continue
		}
		out = append(out, files...)
	}
	return out
}

// releaseCopies turns the release's copies of templates under their release names
// (cp test/e2e/data/.../vm/cluster-template.yaml $(RELEASE_DIR)/cluster-template.yaml)
// into entries: the folder a build line renders to the copied file, else the file.
func (s *treeSurvey) releaseCopies() []placed {
	dirs := map[string]bool{}
	for _, k := range []string{"RELEASE_DIR", "OUTPUT_DIR", "DIST_DIR"} {
		if v := s.hints.Vars[k]; v != "" {
			dirs[releasescript.CleanRel(releasescript.Expand(v, s.hints.Vars))] = true
		}
	}
	var out []placed
	for _, l := range s.hints.Lines {
		m := copyLine.FindStringSubmatch(l.Text)
		if m == nil || l.Dev() && !strings.Contains(l.Target, "release") || len(strings.Fields(m[1])) != 1 {
			continue
		}
		src, dst := releasescript.CleanRel(strings.Trim(m[1], `"'`)), releasescript.CleanRel(m[2])
		if !dirs[path.Dir(dst)] || path.Base(src) == path.Base(dst) && !releasescript.IsTestPath(src) {
			continue
		}
		if e, ok := s.copyEntry(src, path.Base(dst), l.At); ok {
			out = append(out, placed{rel: src, entry: e, tree: s.treeOf(e.Kustomize)})
		}
	}
	return out
}

// copyEntry is the entry shipping src under name.
func (s *treeSurvey) copyEntry(src, name, at string) (Entry, bool) {
	comment := "the release copies it as " + name + " (" + at + ")"
	from, built := s.hints.Outputs[src]
	if built && s.treeOf(from) == nil {
		built = false
	}
	if _, err := s.r.read(s.abs(src)); err != nil && !built {
		return Entry{}, false
	}
	if classFile.MatchString(name) {
		if built {
			return Entry{ClusterClass: from, Comment: comment}, true
		}
		return Entry{ClusterClass: src, Comment: comment}, true
	}
	m := templateName.FindStringSubmatch(name)
	if m == nil {
		return Entry{}, false
	}
	fl := m[1]
	if built {
		return Entry{Flavor: &fl, Kustomize: from, Comment: comment}, true
	}
	return Entry{Flavor: &fl, Path: src, Comment: comment}, true
}

// treeOf returns the kustomize tree of a folder, read now when the walk skipped it
// (test data a release target copies); nil when it is no kustomize folder.
func (s *treeSurvey) treeOf(rel string) *tree {
	if src := s.find(rel); src != nil && rel != "" {
		return src.tree
	}
	if rel == "" || kustomizationIn(s.abs(rel)) == "" {
		return nil
	}
	return loadTree(s.r, s.abs(rel))
}

// foundAs says what a template entry init found by layout holds.
func (s *treeSurvey) foundAs(e Entry) string {
	switch {
	case e.Flavor != nil:
		return e.Kustomize + e.Path + " renders a Cluster"
	case e.ClusterClass != "":
		return e.ClusterClass + " holds a ClusterClass"
	case strings.HasSuffix(e.Path, ".yaml"):
		return "a " + strings.SplitN(path.Base(e.Path), "-", 2)[0] + " file"
	}
	return "its cluster-template*.yaml and clusterclass-*.yaml files"
}

// shippedBy says which release lines ship a kept entry (a folder: its files).
func (s *treeSurvey) shippedBy(e Entry, ok bool, at string) string {
	if !ok && e.Flavor == nil && e.Path != "" && !strings.HasSuffix(e.Path, ".yaml") {
		for _, f := range s.files {
			if path.Dir(f) == e.Path && templateName.MatchString(path.Base(f)) {
				ok, at = s.ships(Entry{Path: f}, path.Base(f))
				break
			}
		}
	}
	if !ok {
		return ""
	}
	return "the release ships it: " + at
}
