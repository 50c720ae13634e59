package scaffold

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// releaseGlob is a file name (or glob) the release ships, and the line saying so.
type releaseGlob struct{ glob, at string }

var assetLine = regexp.MustCompile(`^(?:-\s+)?"?([\w./*${}-]+\.(?:yaml|yml))"?$`)

// releaseGlobs reads what the release ships: the sources of cp/mv lines in release
// targets and the file lists of the release workflow; only template names count.
func (s *treeSurvey) releaseGlobs() []releaseGlob {
	if s.globs != nil {
		return *s.globs
	}
	var out []releaseGlob
	add := func(name, at string) {
		base := path.Base(strings.Trim(name, `"'`))
		if strings.HasPrefix(base, "cluster-template") || strings.HasPrefix(base, "clusterclass") {
			out = append(out, releaseGlob{glob: base, at: at})
		}
	}
	for _, l := range s.hints.lines {
		if m := copyLine.FindStringSubmatch(l.text); m != nil && strings.Contains(l.target, "release") && !l.dev() {
			for _, f := range strings.Fields(m[1]) {
				add(f, l.at)
			}
		}
		if m := assetLine.FindStringSubmatch(l.text); m != nil && strings.HasPrefix(l.at, ".github/") {
			add(m[1], l.at)
		}
	}
	s.globs = &out
	return out
}

// shipped reports whether the release ships a file named name, and the lines read.
func shipped(globs []releaseGlob, name string) (bool, string) {
	var ats []string
	for _, g := range globs {
		if ok, _ := path.Match(g.glob, name); ok {
			return true, ""
		}
		if !slices.Contains(ats, g.at) {
			ats = append(ats, g.at)
		}
	}
	return false, strings.Join(ats, ", ")
}

// restrict keeps the templates the release ships when the Makefile or workflow says
// which: the others become commented entries naming the lines read; files the release
// names that no entry produces are named in a note.
func (s *treeSurvey) restrict(p *Provider) {
	globs := s.releaseGlobs()
	if len(globs) == 0 {
		return
	}
	var keep []Entry
	for _, e := range s.expandFolders(p.Templates) {
		name := outputName(e)
		if name == "" {
			name = s.classOutput(e)
		}
		if ok, at := shipped(globs, name); name != "" && !ok {
			e.Comment = strings.TrimPrefix(e.Comment+"; ", "; ") + name + " is not in the release (" + at + " ships what it names)"
			p.Commented = append(p.Commented, e)
			continue
		}
		keep = append(keep, e)
	}
	p.Templates = keep
	var made []string
	for _, e := range keep {
		made = append(made, outputName(e), s.classOutput(e))
		for _, f := range s.files {
			if e.Flavor == nil && path.Dir(f) == e.Path {
				made = append(made, path.Base(f))
			}
		}
	}
	for _, g := range globs {
		if !strings.ContainsAny(g.glob, "*?[$") && !slices.Contains(made, g.glob) {
			p.Notes = append(p.Notes, g.at+" ships "+g.glob+", which no templates: entry builds: add its source")
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
		if globs := s.releaseGlobs(); !slices.ContainsFunc(files, func(f Entry) bool { ok, _ := shipped(globs, outputName(f)); return !ok }) {
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
		if v := s.hints.vars[k]; v != "" {
			dirs[cleanRel(expand(v, s.hints.vars))] = true
		}
	}
	var out []placed
	for _, l := range s.hints.lines {
		m := copyLine.FindStringSubmatch(l.text)
		if m == nil || l.dev() && !strings.Contains(l.target, "release") || len(strings.Fields(m[1])) != 1 {
			continue
		}
		src, dst := cleanRel(strings.Trim(m[1], `"'`)), cleanRel(m[2])
		if !dirs[path.Dir(dst)] || path.Base(src) == path.Base(dst) && !testPath(src) {
			continue
		}
		if e, ok := s.copyEntry(src, path.Base(dst), l.at); ok {
			out = append(out, placed{rel: src, entry: e, tree: s.treeOf(e.Kustomize)})
		}
	}
	return out
}

// copyEntry is the entry shipping src under name.
func (s *treeSurvey) copyEntry(src, name, at string) (Entry, bool) {
	comment := "the release copies it as " + name + " (" + at + ")"
	from, built := s.hints.outputs[src]
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
