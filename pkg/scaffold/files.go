package scaffold

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
)

var (
	templateName = regexp.MustCompile(`^cluster-template(?:-([A-Za-z0-9][A-Za-z0-9.-]*))?\.yaml$`)
	classFile    = regexp.MustCompile(`^clusterclass-[A-Za-z0-9][A-Za-z0-9.-]*\.yaml$`)
)

// templateFiles turns the template-looking files no kustomize folder loads into
// entries: cluster-template*.yaml and clusterclass-*.yaml are shipped (a whole folder
// when nothing in it is superseded), except the ones a flavor folder of the same name
// renders (generated copies); other files holding one ClusterClass become
// clusterClass sources; files holding a Cluster get a commented flavor entry.
func (s *treeSurvey) templateFiles(flavors []placed) (files, commented []placed) {
	var trees []*tree
	for _, src := range s.sources {
		if !slices.Contains(s.wrappers, src.tree) {
			trees = append(trees, src.tree)
		}
	}
	rendered := map[string]bool{}
	for _, f := range flavors {
		rendered[*f.entry.Flavor] = true
	}
	byDir := map[string][]placed{}
	superseded := map[string]bool{}
	var dirs []string
	for _, rel := range s.files {
		if s.loads(trees, rel) && !s.shipsLoaded(rel, rendered) {
			continue
		}
		e, ok, note := s.fileEntry(rel, rendered)
		switch {
		case note:
			commented = append(commented, placed{rel: rel, entry: e})
		case !ok:
			superseded[path.Dir(rel)] = superseded[path.Dir(rel)] || strings.HasPrefix(path.Base(rel), "cluster-template")
		default:
			if byDir[path.Dir(rel)] == nil {
				dirs = append(dirs, path.Dir(rel))
			}
			byDir[path.Dir(rel)] = append(byDir[path.Dir(rel)], placed{rel: rel, entry: e})
		}
	}
	for _, d := range dirs {
		files = append(files, folderOrFiles(d, byDir[d], superseded[d])...)
	}
	return files, commented
}

// fileEntry classifies one file: (entry, shipped, commented).
func (s *treeSurvey) fileEntry(rel string, rendered map[string]bool) (Entry, bool, bool) {
	base := path.Base(rel)
	if m := templateName.FindStringSubmatch(base); m != nil {
		return Entry{Path: rel}, !rendered[m[1]], false
	}
	if classFile.MatchString(base) {
		return Entry{Path: rel}, true, false
	}
	data, err := s.r.read(s.abs(rel))
	if err != nil {
		return Entry{}, false, false
	}
	var c contents
	for _, doc := range docSplit.Split(string(data), -1) {
		c.add(doc)
	}
	switch {
	case c.clusters > 0:
		f := strings.TrimSuffix(strings.TrimSuffix(base, ".yaml"), ".yml")
		for _, pre := range []string{"cluster-template-", "cluster-class-", "clusterclass-"} {
			f = strings.TrimPrefix(f, pre)
		}
		return Entry{Flavor: &f, Path: rel, Comment: fmt.Sprintf("%s holds a Cluster but is not named cluster-template*.yaml: ship it under a flavor name if it is a release template", base)}, false, true
	case c.classes == 1:
		return Entry{ClusterClass: rel}, true, false
	}
	return Entry{}, false, false
}

// folderOrFiles ships a whole folder when every template file in it is shipped
// as it is, and one entry per file otherwise.
func folderOrFiles(dir string, ps []placed, superseded bool) []placed {
	plain := !superseded && !slices.ContainsFunc(ps, func(p placed) bool { return p.entry.Path == "" })
	if plain && len(ps) > 1 {
		return []placed{{rel: dir, entry: Entry{Path: dir}}}
	}
	return ps
}

// shipsLoaded reports a template file a flavor loads as its base that the release
// ships as well (cp templates/cluster-template*.yaml ships the base too).
func (s *treeSurvey) shipsLoaded(rel string, rendered map[string]bool) bool {
	m := templateName.FindStringSubmatch(path.Base(rel))
	if m == nil || rendered[m[1]] {
		return false
	}
	ok, _ := s.ships(Entry{Path: rel}, path.Base(rel))
	return ok
}
