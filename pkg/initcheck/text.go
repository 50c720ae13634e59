package initcheck

import (
	"fmt"
	"io"
	"strings"
)

// WriteText prints the check for people: the proposed config with line numbers (the
// lines the report cites), what was built and read, then each difference with its
// explanation or question.
func (r *Result) WriteText(w io.Writer) error {
	var b strings.Builder
	b.WriteString("proposed capirepo.yaml (init writes it when run without --check):\n")
	for i, line := range strings.Split(strings.TrimRight(r.Config, "\n"), "\n") {
		fmt.Fprintf(&b, "%5d  %s\n", i+1, line)
	}
	fmt.Fprintf(&b, "\nA: %s (a copy of the tag's tree)\nB: %s\n", r.Report.A, r.Report.B)
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	for _, a := range r.Asked {
		fmt.Fprintf(&b, "init asks: capirepo.yaml:%d: %s: %s\n", a.Line, a.About(), a.Text)
	}
	b.WriteString("\n")
	for _, c := range r.Differences {
		fmt.Fprintf(&b, "%s\n", c.Difference)
		if c.Explanation != "" {
			fmt.Fprintf(&b, "  explained: %s\n", c.Explanation)
		} else {
			fmt.Fprintf(&b, "  question: %s\n", c.Question)
		}
		if c.Asked != "" {
			fmt.Fprintf(&b, "  init asked about this line: %s\n", c.Asked)
		}
	}
	for _, p := range r.Report.Pairs {
		if len(p.NotCompared) > 0 {
			fmt.Fprintf(&b, "not compared (clusterctl reads only YAML files): %s\n", strings.Join(p.NotCompared, ", "))
		}
	}
	if len(r.Differences) == 0 {
		fmt.Fprintf(&b, "equal: the build of %s with the proposed capirepo.yaml is what its release ships (%d release(s) compared)\n", r.Tag, len(r.Report.Pairs))
	} else {
		fmt.Fprintf(&b, "%d difference(s) between the build of %s and its release: %d explained by a line of capirepo.yaml, %d question(s)\n",
			len(r.Differences), r.Tag, len(r.Differences)-r.Questions(), r.Questions())
	}
	_, err := io.WriteString(w, b.String())
	return err
}
