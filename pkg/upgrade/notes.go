package upgrade

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/diff"
)

// notes adds a note for every difference diff sees that no rule reported: one per
// file, CRD, CRD version, object, image, variable or series added or removed, and one
// counting the other changes by section.
func (c *check) notes(diffs []diff.Difference) {
	changed := map[string]int{}
	for _, d := range diffs {
		if c.covered[d.Subject+"\x00"+d.Path] {
			continue
		}
		switch {
		case d.Change != diff.Changed && !whole(d):
			changed[d.Section]++
		case d.Change == diff.OnlyInA:
			c.add(RuleChange, d.File, 0, "", fmt.Sprintf("%s: %s removes %s%s", d.Section, name(c.next), thing(d), value(" (was: %s)", d.A)))
		case d.Change == diff.OnlyInB:
			c.add(RuleChange, d.File, d.LineB, "", fmt.Sprintf("%s: %s adds %s%s", d.Section, name(c.next), thing(d), value(": %s", d.B)))
		default:
			changed[d.Section]++
		}
	}
	if len(changed) == 0 {
		return
	}
	var parts []string
	total := 0
	for _, s := range diff.Sections() {
		if n := changed[s]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s, n))
			total += n
		}
	}
	c.add(RuleChange, "", 0, "", fmt.Sprintf("%d other change(s) from %s (%s); capirepo diff lists them", total, name(c.prev), strings.Join(parts, ", ")))
}

// whole reports a difference about a whole file, CRD, CRD version, object, image,
// variable or series, rather than a field inside one.
func whole(d diff.Difference) bool {
	if d.Section == diff.SectionCRDs && strings.HasPrefix(d.Path, "versions[") {
		return !strings.Contains(d.Path, "].")
	}
	return d.Path == ""
}

// thing names what a difference is about: "versions[v1alpha1] of foos.x.io".
func thing(d diff.Difference) string {
	if d.Path != "" {
		return d.Path + " of " + d.Subject
	}
	return d.Subject
}

// value formats s with format, or nothing when s is empty.
func value(format, s string) string {
	if s == "" {
		return ""
	}
	return fmt.Sprintf(format, s)
}
