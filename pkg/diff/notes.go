package diff

import (
	"fmt"
	"io"
	"strings"
)

// noteGroup is one heading of the release notes and the differences under it.
type noteGroup struct {
	title string
	keep  func(Difference) bool
}

// noteGroups are the headings of WriteMarkdown, for clusterctl users, in order; a
// difference may be under more than one (a removed CRD version is breaking and a CRD
// version change).
var noteGroups = []noteGroup{
	{"Breaking for upgrades", func(d Difference) bool {
		return d.Section == SectionCRDs && d.Change == OnlyInA || d.Section == SectionReleases && d.Change == OnlyInA
	}},
	{"New required variables", func(d Difference) bool {
		return d.Section == SectionVariables && d.B == "required" && (d.Change == OnlyInB || d.Path == "required")
	}},
	{"CRD versions", func(d Difference) bool { return d.Section == SectionCRDs }},
	{"Images", func(d Difference) bool { return d.Section == SectionImages }},
	{"Contract", func(d Difference) bool { return d.Section == SectionMetadata }},
	{"Files", func(d Difference) bool { return d.Section == SectionFiles }},
}

// WriteMarkdown writes release notes for clusterctl users: what changed from A to B,
// grouped (breaking for upgrades, new required variables, CRD versions, images,
// contract, files), each difference one bullet; objects and other variable changes
// are counted, as their detail is in the text and JSON reports.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## Changes for clusterctl users\n\nFrom %s to %s.\n", mdCode(r.A), mdCode(r.B))
	var all []Difference
	for _, p := range r.Pairs {
		all = append(all, p.Differences...)
	}
	if len(all) == 0 {
		b.WriteString("\nNothing clusterctl users would see changed.\n")
	}
	for _, g := range noteGroups {
		writeGroup(&b, g, all)
	}
	if n := count(all, unlisted); n > 0 {
		fmt.Fprintf(&b, "\n%d other change(s) to objects and variables: `capirepo diff` lists them.\n", n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeGroup(b *strings.Builder, g noteGroup, all []Difference) {
	var lines []string
	for _, d := range all {
		if g.keep(d) {
			lines = append(lines, "- "+noteLine(d))
		}
	}
	if len(lines) > 0 {
		fmt.Fprintf(b, "\n### %s\n\n%s\n", g.title, strings.Join(lines, "\n"))
	}
}

// noteLine is one difference as a sentence.
func noteLine(d Difference) string {
	what := mdCode(d.Subject)
	if d.Path != "" {
		what += " " + mdCode(d.Path)
	}
	if d.File != "" {
		what += " (" + mdCode(d.File) + ")"
	}
	switch d.Change {
	case OnlyInA:
		return "removed: " + what + valueOf(d.A)
	case OnlyInB:
		return "added: " + what + valueOf(d.B)
	}
	return fmt.Sprintf("changed: %s: %s → %s", what, mdCode(d.A), mdCode(d.B))
}

func valueOf(v string) string {
	if v == "" {
		return ""
	}
	return ": " + mdCode(v)
}

// mdCode is s as inline code (backticks in it doubled around).
func mdCode(s string) string {
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}

// unlisted: an object or variable change no group lists.
func unlisted(d Difference) bool {
	for _, g := range noteGroups {
		if g.keep(d) {
			return false
		}
	}
	return d.Section == SectionObjects || d.Section == SectionVariables
}

func count(ds []Difference, keep func(Difference) bool) int {
	n := 0
	for _, d := range ds {
		if keep(d) {
			n++
		}
	}
	return n
}
