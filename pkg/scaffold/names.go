package scaffold

import (
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// nameClaim is a provider name a file gives for a type, and where.
type nameClaim struct{ name, at string }

var (
	// clusterctl's provider flags take [namespace/]name[:version]: the name is after the slash
	docFlag    = regexp.MustCompile(`--(bootstrap|control-plane|infrastructure|ipam|runtime-extension|addon)[= ]"?(?:[a-z0-9][a-z0-9-]*/)?([a-z0-9][a-z0-9-]*)`)
	docName    = regexp.MustCompile(`^\s*-?\s*name:\s*["']?([a-z0-9][a-z0-9-]*)["']?\s*$`)
	docType    = regexp.MustCompile(`^\s*-?\s*type:\s*["']?(\w+Provider)["']?\s*$`)
	moduleLine = regexp.MustCompile(`(?m)^module\s+(\S+)`)
	namePrefix = []string{"cluster-api-provider-", "cluster-api-bootstrap-provider-", "cluster-api-control-plane-provider-",
		"cluster-api-controlplane-provider-", "cluster-api-ipam-provider-", "cluster-api-addon-provider-", "cluster-api-", "capi-"}
)

// decideName names p: the cluster.x-k8s.io/provider label its components set, else the
// name the docs give its type (a clusterctl.yaml providers: entry, a clusterctl init
// flag), else go.mod's module, else the folder. It asks when the label and the docs
// disagree, and when neither names it.
func (s *treeSurvey) decideName(p *Provider, main *source) {
	docs := s.docNames()[string(p.Type)]
	if l := main.tree.label; l != "" {
		if n := strings.TrimPrefix(l, layout.Label(p.Type, "")); n != "" && layout.ValidateName(p.Type, n) == nil {
			p.Name, p.NameFrom = n, "the cluster.x-k8s.io/provider label "+l+" ("+s.labelAt(main.tree, l)+")"
			p.cite("name", Declared, "%s", p.NameFrom)
			if len(docs) > 0 && !slices.ContainsFunc(docs, func(c nameClaim) bool { return c.name == n }) {
				p.ask("name", "the docs name this %s %s (%s), the label %s: init wrote %s", p.Type, docs[0].name, docs[0].at, l, n)
			}
			return
		}
	}
	mod, modAt := s.moduleName()
	switch {
	case len(docs) > 0:
		best := mostNamed(docs)
		p.Name, p.NameFrom = best.name, "the docs ("+best.at+")"
		p.cite("name", Declared, "%s", p.NameFrom)
		if mod != "" && mod != best.name {
			p.NameFrom += "; go.mod says " + mod
		}
		if i := slices.IndexFunc(docs, func(c nameClaim) bool { return c.name != best.name }); i >= 0 {
			p.ask("name", "the docs name this %s %s (%s) and %s (%s): init wrote %s", p.Type, best.name, best.at, docs[i].name, docs[i].at, best.name)
		}
	case mod != "" && layout.ValidateName(p.Type, mod) == nil:
		p.Name, p.NameFrom = mod, "go.mod's module ("+modAt+")"
		p.ask("name", "no cluster.x-k8s.io/provider label or doc names this provider: init took %s from go.mod's module (%s)", mod, modAt)
	default:
		p.Name, p.NameFrom = s.folderName(string(p.Type), p.Root), "the folder name"
		p.ask("name", "no cluster.x-k8s.io/provider label, doc or go.mod names this provider: init took %s from the folder name", p.Name)
	}
}

// checkType asks when the provider label contradicts the type: it names another type,
// or its type word is misspelt (controlplane-foo for control-plane-foo), or the CRD
// groups mix types and the label does not settle which one is shipped.
func (s *treeSurvey) checkType(p *Provider, main *source) {
	l := main.tree.label
	lt, ok := layout.TypeOf(l)
	switch {
	case l == "":
	case ok && lt != p.Type:
		p.ask("type", "the cluster.x-k8s.io/provider label %s (%s) names a %s; init wrote %s, the type its CRD groups give", l, s.labelAt(main.tree, l), lt, p.Type)
	case !strings.HasPrefix(l, layout.Label(p.Type, "")):
		p.ask("name", "the cluster.x-k8s.io/provider label %s (%s) does not start with %s, the label of a %s (its type word is misspelt or missing): init wrote name %s; clusterctl labels it %s",
			l, s.labelAt(main.tree, l), layout.Label(p.Type, ""), p.Type, p.Name, layout.Label(p.Type, p.Name))
	}
	if p.TypeNote != "" && (l == "" || lt != p.Type) {
		p.ask("type", "%s; init wrote %s", p.TypeNote, p.Type)
	}
}

// mostNamed is the name most claims give (the first on a tie).
func mostNamed(cs []nameClaim) nameClaim {
	count := map[string]int{}
	best := cs[0]
	for _, c := range cs {
		count[c.name]++
		if count[c.name] > count[best.name] {
			best = c
		}
	}
	return best
}

// labelAt is where a tree's kustomizations set the provider label.
func (s *treeSurvey) labelAt(t *tree, label string) string {
	re := regexp.MustCompile(`cluster\.x-k8s\.io/provider["']?:\s*["']?` + regexp.QuoteMeta(label) + `["']?\s*$`)
	for _, d := range t.kdirs {
		if f := kustomizationIn(d); f != "" {
			if at := s.lineOf(s.rel(f), re); strings.Contains(at, ":") {
				return at
			}
		}
	}
	return s.rel(t.dir)
}

// moduleName is the provider name go.mod's module path gives, and where.
func (s *treeSurvey) moduleName() (string, string) {
	data, err := s.r.read(s.abs("go.mod"))
	m := moduleLine.FindSubmatch(data)
	if err != nil || m == nil {
		return "", ""
	}
	base := string(m[1])
	if v := path.Base(base); len(v) > 1 && v[0] == 'v' && strings.Trim(v[1:], "0123456789") == "" {
		base = path.Dir(base) // github.com/org/repo/v2
	}
	return trimPrefixes(strings.ToLower(path.Base(base))), "go.mod:1"
}

func trimPrefixes(n string) string {
	for _, pre := range namePrefix {
		n = strings.TrimPrefix(n, pre)
	}
	return n
}

// folderName is the name a provider folder (or the repository folder) gives.
func (s *treeSurvey) folderName(typ, root string) string {
	base := path.Base(root)
	if root == "." {
		base = filepath.Base(s.root)
	}
	base = trimPrefixes(strings.ToLower(base))
	if typ == "CoreProvider" {
		base = "cluster-api"
	}
	if layout.ValidateName(layout.Type(typ), base) != nil {
		base = "my-provider"
	}
	return base
}

// docNames are the names README.md and docs/ tell users to give each provider type
// (readDocs).
func (s *treeSurvey) docNames() map[string][]nameClaim {
	s.readDocs()
	return s.names
}

// readDocs reads README.md and docs/ (Markdown, four levels deep), once, for the names
// users are told to give each provider type (clusterctl.yaml providers: entries, name:
// with type: beside it, and clusterctl init flags) and the components file names the
// clusterctl.yaml entries give each type (url: …/NAME.yaml with type: beside it).
func (s *treeSurvey) readDocs() {
	if s.names != nil {
		return
	}
	s.names, s.fileNames = map[string][]nameClaim{}, map[string][]nameClaim{}
	for _, rel := range s.docFiles() {
		if data, err := s.r.read(s.abs(rel)); err == nil {
			s.readDocNames(rel, strings.Split(string(data), "\n"))
		}
	}
}

func (s *treeSurvey) docFiles() []string {
	out := []string{"README.md"}
	_ = filepath.WalkDir(s.abs("docs"), func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case d.IsDir() && strings.Count(s.rel(p), "/") > 4:
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(p, ".md"):
			out = append(out, s.rel(p))
		}
		return nil
	})
	return out
}

func (s *treeSurvey) readDocNames(rel string, lines []string) {
	for i, l := range lines {
		at := rel + ":" + strconv.Itoa(i+1)
		for _, m := range docFlag.FindAllStringSubmatch(l, -1) {
			if t := flagType(m[1]); t != "" {
				s.names[t] = append(s.names[t], nameClaim{name: m[2], at: at})
			}
		}
		if n := docName.FindStringSubmatch(l); n != nil {
			if t := entryType(lines, i); t != "" {
				s.names[t] = append(s.names[t], nameClaim{name: n[1], at: at})
			}
		}
		if u := docURL.FindStringSubmatch(l); u != nil {
			if t := entryType(lines, i); t != "" {
				s.fileNames[t] = append(s.fileNames[t], nameClaim{name: u[1], at: at})
			}
		}
	}
}

// entryType is the type: of the clusterctl.yaml providers: entry holding line i: the
// nearest type: line of the same list item (after it, else before it).
func entryType(lines []string, i int) string {
	item := func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "- ") }
	for j := i + 1; j < min(len(lines), i+4) && !item(lines[j]); j++ {
		if t := docType.FindStringSubmatch(lines[j]); t != nil && layout.ValidType(layout.Type(t[1])) {
			return t[1]
		}
	}
	for j := i; j >= max(0, i-3); j-- {
		if t := docType.FindStringSubmatch(lines[j]); t != nil && layout.ValidType(layout.Type(t[1])) {
			return t[1]
		}
		if item(lines[j]) && j < i {
			break
		}
	}
	return ""
}

func flagType(flag string) string {
	for _, t := range layout.Types {
		if layout.TypeFlag(t) == flag {
			return string(t)
		}
	}
	return ""
}
