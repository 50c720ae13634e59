package check

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// evidence is what a components file says about its provider: lint names a provider
// from its file, never from the folder it was copied into. A <label>/<version>
// folder's label is one more piece of evidence, as clusterctl reads such a folder.
type evidence struct {
	file     string        // the components file's name
	byName   layout.Type   // the type its name begins with ("" if none)
	label    string        // the most common valid cluster.x-k8s.io/provider label ("" if none)
	count    int           // times label is set (objects and pod templates)
	labelled int           // times any cluster.x-k8s.io/provider label is set
	groups   []layout.Type // the types whose API-group convention its CRDs follow, sorted
	folder   string        // the label of the <label>/<version> folder holding it ("" if none)
}

// providerKey is the label key clusterctl sets to the provider's label; crdGroup
// starts a CRD's spec.group as kustomize and controller-gen write it (two spaces
// under the top-level spec; other kinds' spec.group name no provider type).
var (
	providerKey = []byte(layout.ProviderLabelKey)
	crdGroup    = []byte("\n  group:")
)

// gather reads the evidence of f; folder is the label of the folder holding it, if any.
func gather(f release.File, folder string) evidence {
	e := evidence{file: f.Name, folder: folder}
	if t, ok := layout.TypeOf(f.Name); ok {
		e.byName = t
	}
	count := map[string]int{}
	for _, l := range values(f.Data, providerKey, true) {
		count[l]++
		e.labelled++
		if _, ok := labelProvider(l); ok && (e.label == "" || count[l] > e.count || count[l] == e.count && l < e.label) {
			e.label, e.count = l, count[l]
		}
	}
	for _, g := range values(f.Data, crdGroup, false) {
		if t := layout.GroupType(g, layout.GroupConvention); t != "" && !slices.Contains(e.groups, t) {
			e.groups = append(e.groups, t)
		}
	}
	slices.Sort(e.groups)
	return e
}

// values finds every key in data (a label key: also quoted, in a flow mapping) and
// returns the plain or quoted word after its colon: a cheap scan of a file that may
// be tens of megabytes, before any YAML is parsed.
func values(data, key []byte, label bool) []string {
	var out []string
	for i := 0; ; {
		j := bytes.Index(data[i:], key)
		if j < 0 {
			return out
		}
		at := i + j
		i = at + len(key)
		if label && !keyStart(data, at) {
			continue
		}
		rest := data[i:]
		if label {
			rest = bytes.TrimLeft(rest, `"'`)
			if len(rest) == 0 || rest[0] != ':' {
				continue
			}
		}
		rest = bytes.TrimLeft(bytes.TrimPrefix(rest, []byte(":")), " \t\"'")
		n := 0
		for n < len(rest) && (rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= '0' && rest[n] <= '9' || rest[n] == '-' || rest[n] == '.') {
			n++
		}
		if n > 0 {
			out = append(out, string(rest[:n]))
		}
	}
}

// keyStart: the key at data[at:] begins a mapping key (a line, a flow mapping, a quote).
func keyStart(data []byte, at int) bool {
	if at > 0 && (data[at-1] == '"' || data[at-1] == '\'') {
		at--
	}
	return at == 0 || strings.IndexByte(" \t\n{,", data[at-1]) >= 0
}

// labelProvider reads a provider label as clusterctl's naming rules allow it: a type's
// prefix and a name, or cluster-api for the core provider (validateProvider: the name
// cluster-api if and only if the type is CoreProvider).
func labelProvider(label string) (layout.Provider, bool) {
	t, n := layout.ParseLabel(label)
	p := layout.Provider{Type: t, Name: n}
	return p, p.Validate() == nil && (t == layout.CoreProvider) == (n == "cluster-api")
}

// votes are the types the evidence names, strongest first: the label (which names the
// provider too), the folder, the file name, then the CRD groups when they name one type.
func (e evidence) votes() []layout.Type {
	var out []layout.Type
	for _, l := range []string{e.label, e.folder} {
		if p, ok := labelProvider(l); ok {
			out = append(out, p.Type)
		}
	}
	if e.byName != "" {
		out = append(out, e.byName)
	}
	if len(e.groups) == 1 { // CAPA's infrastructure, bootstrap and control-plane groups name no one type
		out = append(out, e.groups[0])
	}
	return out
}

// identity is the type most evidence names (ties go to the stronger evidence) and the
// name the label or the folder gives that type; "unknown" when neither does (a core
// provider is always cluster-api). Without any evidence: an unknown infrastructure
// provider, as clusterctl's local repository would need some type.
func (e evidence) identity() layout.Provider {
	votes := e.votes()
	typ := layout.Type(layout.InfrastructureProvider)
	best := 0
	for _, t := range votes {
		if n := count(votes, t); n > best {
			typ, best = t, n
		}
	}
	for _, l := range []string{e.label, e.folder} {
		if p, ok := labelProvider(l); ok && p.Type == typ {
			return p
		}
	}
	if typ == layout.CoreProvider {
		return layout.Provider{Type: typ, Name: "cluster-api"}
	}
	return layout.Provider{Type: typ, Name: "unknown"}
}

func count(l []layout.Type, t layout.Type) (n int) {
	for _, x := range l {
		if x == t {
			n++
		}
	}
	return n
}

// said lists each piece of evidence with what it says, for the findings.
func (e evidence) said() []string {
	var out []string
	if e.label != "" {
		out = append(out, fmt.Sprintf("the label cluster.x-k8s.io/provider: %s (%d of the file's %d such labels)", e.label, e.count, e.labelled))
	}
	if e.folder != "" {
		out = append(out, fmt.Sprintf("the folder %s/<version>/ (clusterctl reads such a folder as the provider %s)", e.folder, e.folder))
	}
	if e.byName != "" {
		out = append(out, fmt.Sprintf("the file name %s (%s)", e.file, e.byName))
	}
	if len(e.groups) > 0 {
		var g []string
		for _, t := range e.groups {
			g = append(g, string(t))
		}
		out = append(out, "CRD API groups of "+strings.Join(g, ", "))
	}
	return out
}
