package check

import (
	"github.com/capirepo/capirepo/pkg/release"
)

// SetTargets turns a built set into lint targets, each shown in its
// `<label>/<version>` folder as the repository lays it out.
func SetTargets(set *release.Set) []Target {
	var out []Target
	for _, r := range set.Releases {
		out = append(out, Target{Release: r, Dir: r.Dir()})
	}
	return out
}
