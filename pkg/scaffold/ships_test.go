package scaffold

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/release"
)

// shipped is what a fixture's own release ships, by provider label.
type shipped map[string]shippedRelease

// shippedRelease is one provider's release: its file names, the manager container's
// image and pull policy in the components file, and for each template the flavor
// marker of the Cluster it holds (which source it was rendered from).
type shippedRelease struct {
	files []string
	image string
	pull  string // "" when the fixture does not set one
	marks map[string]string
}

// difference is one way a build differs from what the fixture's release ships, with
// the config key a question must be about for the difference not to be silent.
type difference struct{ label, field, text string }

var (
	builtImage   = regexp.MustCompile(`(?m)^\s+(?:- )?image:\s*(\S+)\s*$`)
	pullPolicyRe = regexp.MustCompile(`(?m)^\s+(?:- )?imagePullPolicy:\s*(\S+)\s*$`)
	flavorMark   = regexp.MustCompile(`(?m)^\s+flavor:\s*(\S+)\s*$`)
)

// compareRelease compares a built set with what the fixture's release ships: file
// names, the manager image and pull policy, and the source of each template. It is the
// one place the class tests compare releases (capirepo diff's package can replace it).
func compareRelease(set *release.Set, want shipped) []difference {
	var out []difference
	seen := map[string]bool{}
	for _, r := range set.Releases {
		seen[r.Label()] = true
		w, ok := want[r.Label()]
		if !ok {
			out = append(out, difference{r.Label(), "name", "built a provider the release does not ship: " + r.Label()})
			continue
		}
		out = append(out, compareFiles(r, w)...)
	}
	for label := range want {
		if !seen[label] {
			out = append(out, difference{label, "name", "the release ships " + label + ", the build has no such provider"})
		}
	}
	return out
}

func compareFiles(r *release.Release, w shippedRelease) []difference {
	var out []difference
	var names []string
	for _, f := range r.Files {
		names = append(names, f.Name)
	}
	if want := slices.Sorted(slices.Values(w.files)); !slices.Equal(names, want) {
		field := "templates"
		if !slices.Contains(names, r.ComponentsFile) || !slices.Contains(want, r.ComponentsFile) {
			field = "componentsFile"
		}
		out = append(out, difference{r.Label(), field, fmt.Sprintf("files %v, the release ships %v", names, want)})
	}
	if c := r.File(r.ComponentsFile); c != nil {
		out = append(out, compareValue(r.Label(), "image", builtImage, c.Data, w.image)...)
		if w.pull != "" {
			out = append(out, compareValue(r.Label(), "pullPolicy", pullPolicyRe, c.Data, w.pull)...)
		}
	}
	for name, mark := range w.marks {
		if f := r.File(name); f != nil {
			out = append(out, compareValue(r.Label(), "templates", flavorMark, f.Data, mark)...)
		}
	}
	return out
}

func compareValue(label, field string, re *regexp.Regexp, data []byte, want string) []difference {
	got := ""
	if m := re.FindSubmatch(data); m != nil {
		got = string(m[1])
	}
	if got == want {
		return nil
	}
	return []difference{{label, field, fmt.Sprintf("%s %q, the release ships %q", field, got, want)}}
}

// silent returns the differences no question of the plan is about: a value init wrote
// wrong without saying so. An image difference is covered by a question on the image or
// its tag, a file difference by one on templates, the components file or the name.
func silent(diffs []difference, qs []Question) []string {
	covers := map[string][]string{"image": {"image", "tag"}, "pullPolicy": {"pullPolicy"},
		"templates": {"templates"}, "componentsFile": {"componentsFile", "name"}, "name": {"name"}}
	var out []string
	for _, d := range diffs {
		if !slices.ContainsFunc(qs, func(q Question) bool {
			return (q.Provider == d.label || d.field == "name") && slices.Contains(covers[d.field], q.Field)
		}) {
			out = append(out, d.label+": "+d.text)
		}
	}
	return out
}

// asked lists the questions as "label field", sorted.
func asked(qs []Question) []string {
	var out []string
	for _, q := range qs {
		out = append(out, strings.TrimSpace(q.Provider+" "+q.Field))
	}
	return slices.Compact(slices.Sorted(slices.Values(out)))
}
