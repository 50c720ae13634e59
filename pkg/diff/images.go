package diff

import (
	"path"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/inventory"
)

// images compares the image references of two releases. A reference only one side has
// is paired with one of the other side, so that a changed image is one difference: the
// same repository with another tag or digest first, then the same image name under
// another registry or path, then the one reference left on each side.
func images(a, b *inventory.Release) []Difference {
	inA, inB := imageSet(a), imageSet(b)
	var onlyA, onlyB []string
	for ref := range inA {
		if inB[ref] == nil {
			onlyA = append(onlyA, ref)
		}
	}
	for ref := range inB {
		if inA[ref] == nil {
			onlyB = append(onlyB, ref)
		}
	}
	sort.Strings(onlyA)
	sort.Strings(onlyB)
	var out []Difference
	for _, key := range []func(string) string{Repository, ImageName, func(string) string { return "" }} {
		var pairs [][2]string
		pairs, onlyA, onlyB = pairBy(key, onlyA, onlyB)
		for _, p := range pairs {
			out = append(out, Difference{Section: SectionImages, File: strings.Join(inA[p[0]].Files, ", "),
				Subject: Repository(p[0]), Change: Changed, A: p[0], B: p[1]})
		}
	}
	for _, ref := range onlyA {
		out = append(out, Difference{Section: SectionImages, File: strings.Join(inA[ref].Files, ", "), Subject: Repository(ref), Change: OnlyInA, A: ref})
	}
	for _, ref := range onlyB {
		out = append(out, Difference{Section: SectionImages, File: strings.Join(inB[ref].Files, ", "), Subject: Repository(ref), Change: OnlyInB, B: ref})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Subject < out[j].Subject })
	return out
}

func imageSet(r *inventory.Release) map[string]*inventory.Image {
	m := make(map[string]*inventory.Image, len(r.Images))
	for i := range r.Images {
		m[r.Images[i].Ref] = &r.Images[i]
	}
	return m
}

// pairBy pairs the references of a and b whose key is the same and unique on both
// sides, and returns the pairs and what is left.
func pairBy(key func(string) string, a, b []string) (pairs [][2]string, restA, restB []string) {
	count := func(refs []string) map[string]int {
		m := map[string]int{}
		for _, r := range refs {
			m[key(r)]++
		}
		return m
	}
	ca, cb := count(a), count(b)
	partner := map[string]string{}
	for _, r := range b {
		if k := key(r); ca[k] == 1 && cb[k] == 1 {
			partner[k] = r
		} else {
			restB = append(restB, r)
		}
	}
	for _, r := range a {
		if p, ok := partner[key(r)]; ok {
			pairs = append(pairs, [2]string{r, p})
		} else {
			restA = append(restA, r)
		}
	}
	return pairs, restA, restB
}

// Repository is an image reference as written, without its tag and digest.
func Repository(ref string) string {
	if i := strings.Index(ref, "@"); i >= 0 {
		ref = ref[:i]
	}
	if i := strings.LastIndex(ref, ":"); i > strings.LastIndex(ref, "/") {
		ref = ref[:i]
	}
	return ref
}

// ImageName is the last path segment of the repository.
func ImageName(ref string) string { return path.Base(Repository(ref)) }
