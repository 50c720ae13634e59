package diff

import "github.com/capirepo/capirepo/pkg/inventory"

// pair matches the releases of two repositories: the same provider label and version
// first; then, when one release is left on each side, those two (a build against a
// published URL, whose label the URL may not spell the same way, or two versions);
// then, when one release is left on one side and several of one version on the other,
// the one against those several put together (a GitHub release that holds several
// providers, against a build of them). What is left is only on its side.
func pair(a, b []inventory.Input) ([][2]*inventory.Input, error) {
	var out [][2]*inventory.Input
	usedB := make([]bool, len(b))
	var restA []*inventory.Input
	for i := range a {
		j := exact(a[i], b, usedB)
		if j < 0 {
			restA = append(restA, &a[i])
			continue
		}
		usedB[j] = true
		out = append(out, [2]*inventory.Input{&a[i], &b[j]})
	}
	var restB []*inventory.Input
	for j := range b {
		if !usedB[j] {
			restB = append(restB, &b[j])
		}
	}
	rest, err := pairRest(restA, restB)
	return append(out, rest...), err
}

func exact(a inventory.Input, b []inventory.Input, used []bool) int {
	for j := range b {
		if !used[j] && a.Label != "" && a.Label == b[j].Label && a.Version == b[j].Version {
			return j
		}
	}
	return -1
}

func pairRest(a, b []*inventory.Input) ([][2]*inventory.Input, error) {
	switch {
	case len(a) == 1 && len(b) == 1:
		return [][2]*inventory.Input{{a[0], b[0]}}, nil
	case len(a) == 1 && len(b) > 1 && oneVersion(b):
		m, err := merge(b)
		return [][2]*inventory.Input{{a[0], m}}, err
	case len(b) == 1 && len(a) > 1 && oneVersion(a):
		m, err := merge(a)
		return [][2]*inventory.Input{{m, b[0]}}, err
	}
	var out [][2]*inventory.Input
	for _, in := range a {
		out = append(out, [2]*inventory.Input{in, nil})
	}
	for _, in := range b {
		out = append(out, [2]*inventory.Input{nil, in})
	}
	return out, nil
}

func oneVersion(ins []*inventory.Input) bool {
	for _, in := range ins[1:] {
		if in.Version != ins[0].Version {
			return false
		}
	}
	return true
}
