package lint

import (
	"fmt"
	"io"
	"strings"
)

// Rules is a registry of rules: every rule a run may report.
type Rules []Rule

// Disabled is the set of rule ids to leave out, given by several sources (such as
// "capirepo.yaml: lint.disable" and "--disable"). "<rule id>:<object name>" disables
// a rule for one object (Findings.Without). An unknown rule id is an error naming
// its source.
func (rs Rules) Disabled(sources ...DisableSource) (map[string]bool, error) {
	known := map[string]bool{}
	for _, r := range rs {
		known[r.ID] = true
	}
	out := map[string]bool{}
	for _, src := range sources {
		for _, id := range src.IDs {
			if rule, _, _ := strings.Cut(id, ":"); !known[rule] {
				return nil, fmt.Errorf("%s: unknown rule id %q: run capirepo lint --list-rules for the ids", src.Where, id)
			}
			out[id] = true
		}
	}
	return out, nil
}

// DisableSource is one place rule ids are disabled: where (for messages) and the ids.
type DisableSource struct {
	Where string
	IDs   []string
}

// Write prints every rule with id, severity and the contract sentence, one a line.
func (rs Rules) Write(w io.Writer) error {
	for _, r := range rs {
		if _, err := fmt.Fprintf(w, "%-40s %-8s %s\n", r.ID, r.Severity, r.Contract); err != nil {
			return err
		}
	}
	return nil
}
