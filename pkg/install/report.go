package install

import (
	"fmt"
	"io"
)

// WriteText prints the report: the time of each step, the notes and the findings.
func (r *Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "install %s %s:\n", r.Label, r.Version)
	total := 0.0
	for _, s := range r.Steps {
		fmt.Fprintf(w, "  %-16s %6.1fs\n", s.Name, s.Seconds)
		total += s.Seconds
	}
	fmt.Fprintf(w, "  %-16s %6.1fs\n", "total", total)
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	for _, f := range r.Findings {
		fmt.Fprintf(w, "%s\n", f)
	}
	if len(r.Findings) == 0 {
		fmt.Fprintf(w, "  every flavor dry-runs clean\n")
	}
	_, err := fmt.Fprintln(w)
	return err
}
