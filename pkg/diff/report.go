package diff

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/release"
)

// SectionReleases holds the releases only one side has.
const SectionReleases = "releases"

// Side names one release of a report.
type Side struct {
	Source  string `json:"source"`
	Label   string `json:"label,omitempty"`
	Version string `json:"version,omitempty"`
}

// Pair is two releases compared, or a release only one side has.
type Pair struct {
	A           *Side        `json:"a,omitempty"`
	B           *Side        `json:"b,omitempty"`
	Differences []Difference `json:"differences"`
	NotCompared []string     `json:"notCompared,omitempty"` // files named but not read: "name (A)"

	InventoryA, InventoryB *inventory.Release `json:"-"` // for rules built on the comparison
}

// Report is the comparison of two repositories.
type Report struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Equal bool   `json:"equal"`
	Pairs []Pair `json:"pairs"`
}

// Count is the number of differences.
func (r *Report) Count() int {
	n := 0
	for _, p := range r.Pairs {
		n += len(p.Differences)
	}
	return n
}

// Compare pairs the releases of two repositories (see pair) and compares each pair's
// inventories.
func Compare(argA, argB string, a, b []inventory.Input) (*Report, error) {
	if len(a) == 1 && len(b) == 1 && oneFile(a[0]) && oneFile(b[0]) {
		b = []inventory.Input{b[0]}
		b[0].Files = []release.File{{Name: a[0].Files[0].Name, Data: b[0].Files[0].Data}} // two files: compared as one
	}
	pairs, err := pair(a, b)
	if err != nil {
		return nil, err
	}
	rep := &Report{A: argA, B: argB, Pairs: make([]Pair, len(pairs))}
	cache := inventory.NewCache() // the documents releases share are read once
	for i, p := range pairs {
		rep.Pairs[i] = comparePair(cache, p[0], p[1])
	}
	rep.Equal = rep.Count() == 0
	return rep, nil
}

// oneFile is a file set of one YAML file.
func oneFile(in inventory.Input) bool {
	return len(in.Files) == 1 && len(in.Unread) == 0 && in.Label == "" && in.Version == ""
}

func comparePair(cache *inventory.Cache, a, b *inventory.Input) Pair {
	var p Pair
	for _, s := range []struct {
		in   *inventory.Input
		side **Side
		inv  **inventory.Release
	}{{a, &p.A, &p.InventoryA}, {b, &p.B, &p.InventoryB}} {
		if s.in != nil { // one after the other: B finds what it shares with A in the cache
			*s.side = &Side{Source: s.in.Source, Label: s.in.Label, Version: s.in.Version}
			*s.inv = cache.Of(*s.in)
		}
	}
	switch {
	case a == nil:
		p.Differences = []Difference{{Section: SectionReleases, Subject: name(b), Change: OnlyInB}}
	case b == nil:
		p.Differences = []Difference{{Section: SectionReleases, Subject: name(a), Change: OnlyInA}}
	default:
		p.Differences = append(labelDiff(a, b), Releases(p.InventoryA, p.InventoryB)...)
		p.NotCompared = NotCompared(p.InventoryA, p.InventoryB)
	}
	return p
}

// labelDiff reports a provider label that differs between two paired releases whose
// labels both name the provider as clusterctl knows it (builds, local repositories):
// users install it under another name. A label derived from a URL is no evidence.
func labelDiff(a, b *inventory.Input) []Difference {
	if !a.Named || !b.Named || a.Label == b.Label {
		return nil
	}
	return []Difference{{Section: SectionReleases, Subject: "provider label", Change: Changed, A: a.Label, B: b.Label}}
}

func name(in *inventory.Input) string {
	if s := strings.TrimSpace(in.Label + " " + in.Version); s != "" {
		return s
	}
	return in.Source
}

// merge puts the releases of one version of several providers together, as one
// GitHub release holds them (cluster-api's core, bootstrap and control plane): files
// of one name must be the same.
func merge(ins []*inventory.Input) (*inventory.Input, error) {
	out := &inventory.Input{Version: ins[0].Version, Source: ins[0].Source} // its joined label names no one provider (not Named)
	seen := map[string][]byte{}
	var labels []string
	for _, in := range ins {
		labels = append(labels, in.Label)
		for _, f := range in.Files {
			if prev, ok := seen[f.Name]; ok {
				if string(prev) != string(f.Data) {
					return nil, fmt.Errorf("%s: providers %s ship different files named %s; compare one provider at a time", in.Source, strings.Join(labels, ", "), f.Name)
				}
				continue
			}
			seen[f.Name] = f.Data
			out.Files = append(out.Files, release.File{Name: f.Name, Data: f.Data})
		}
		for _, n := range in.Unread {
			if _, ok := seen[n]; !ok {
				seen[n] = nil
				out.Unread = append(out.Unread, n)
			}
		}
	}
	out.Label = strings.Join(labels, "+")
	return out, nil
}
