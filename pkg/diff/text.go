package diff

import (
	"fmt"
	"io"
	"strings"
)

// maxPaths is how many field paths of one subject the text report prints.
const maxPaths = 10

// WriteText prints a report for people: per pair of releases, the differences by
// section, the field paths of one subject under it; then the count.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "A: %s\nB: %s\n", r.A, r.B)
	for _, p := range r.Pairs {
		fmt.Fprintf(&b, "\n%s\n", pairTitle(p))
		writeSections(&b, p.Differences)
		if len(p.NotCompared) > 0 {
			fmt.Fprintf(&b, "  not compared (clusterctl reads only YAML files): %s\n", strings.Join(p.NotCompared, ", "))
		}
	}
	if r.Equal {
		fmt.Fprintf(&b, "\nequal: no difference clusterctl would see (%d release(s) compared)\n", len(r.Pairs))
	} else {
		fmt.Fprintf(&b, "\n%d difference(s)\n", r.Count())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func pairTitle(p Pair) string {
	side := func(s *Side, name string) string {
		if s == nil {
			return "(none in " + name + ")"
		}
		id := strings.TrimSpace(s.Label + " " + s.Version)
		if id == "" {
			return name + ": " + s.Source
		}
		return id + " (" + name + ": " + s.Source + ")"
	}
	return side(p.A, "A") + " vs " + side(p.B, "B")
}

func writeSections(b *strings.Builder, ds []Difference) {
	for _, section := range append([]string{SectionReleases}, Sections()...) {
		var in []Difference
		for _, d := range ds {
			if d.Section == section {
				in = append(in, d)
			}
		}
		if len(in) == 0 {
			continue
		}
		fmt.Fprintf(b, "  %s:\n", section)
		writeSubjects(b, in)
	}
}

// writeSubjects prints one line per subject without a path, and a subject's paths
// under its heading.
func writeSubjects(b *strings.Builder, ds []Difference) {
	for i := 0; i < len(ds); {
		j := i + 1
		for j < len(ds) && ds[j].Subject == ds[i].Subject && ds[j].File == ds[i].File && ds[i].Path != "" {
			j++
		}
		if ds[i].Path == "" && j == i+1 {
			fmt.Fprintf(b, "    %s%s: %s\n", filePrefix(ds[i]), ds[i].Subject, changeText(ds[i], true))
			i = j
			continue
		}
		fmt.Fprintf(b, "    %s%s%s:\n", filePrefix(ds[i]), ds[i].Subject, lines(ds[i]))
		for k, d := range ds[i:j] {
			if k == maxPaths {
				fmt.Fprintf(b, "      ... %d more (-o json lists them all)\n", j-i-maxPaths)
				break
			}
			fmt.Fprintf(b, "      %s: %s\n", d.Path, changeText(d, false))
		}
		i = j
	}
}

func filePrefix(d Difference) string {
	if d.File == "" || d.Section == SectionImages {
		return ""
	}
	return d.File + ": "
}

func lines(d Difference) string {
	switch {
	case d.LineA > 0 && d.LineB > 0:
		return fmt.Sprintf(" (A line %d, B line %d)", d.LineA, d.LineB)
	case d.LineA > 0:
		return fmt.Sprintf(" (A line %d)", d.LineA)
	case d.LineB > 0:
		return fmt.Sprintf(" (B line %d)", d.LineB)
	}
	return ""
}

// changeText prints what changed: "only in A (value)", "A → B".
func changeText(d Difference, withLines bool) string {
	where := ""
	if withLines {
		where = lines(d)
	}
	switch d.Change {
	case OnlyInA:
		return "only in A" + paren(d.A) + where
	case OnlyInB:
		return "only in B" + paren(d.B) + where
	}
	s := quote(d.A) + " → " + quote(d.B)
	if d.Section == SectionImages && d.File != "" {
		s += " (" + d.File + ")"
	}
	return s
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// quote marks an empty value, which would otherwise read as nothing.
func quote(s string) string {
	if s == "" {
		return `""`
	}
	return s
}

// String prints a difference on one line: "images: repo: a → b (file)",
// "objects: file: Deployment.apps ns/name spec.replicas: 1 → 2".
func (d Difference) String() string {
	subject := d.Subject
	if d.Path != "" {
		subject += " " + d.Path
	}
	return d.Section + ": " + filePrefix(d) + subject + ": " + changeText(d, d.Path == "")
}
