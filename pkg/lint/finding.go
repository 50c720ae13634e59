// Package lint holds the finding type every checker produces and the output formats
// (text, json, github, sarif). Checkers live in their own packages (variables,
// contract, metadata) and return []Finding; this package only collects and prints.
package lint

import (
	"fmt"
	"sort"
	"strings"
)

// Severity of a finding. Errors are what clusterctl rejects or what a contract MUST
// forbids; warnings are SHOULDs and traps; notes are information.
type Severity string

const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Note    Severity = "note"
)

// Finding is one rule result, pointing into the original file.
type Finding struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	File     string   `json:"file"`
	Line     int      `json:"line,omitempty"`
	Object   string   `json:"object,omitempty"` // "Deployment ns/name" when known
	Message  string   `json:"message"`
}

// String is the text format: "file:line: severity rule-id: message".
func (f Finding) String() string {
	loc := f.File
	if f.Line > 0 {
		loc = fmt.Sprintf("%s:%d", f.File, f.Line)
	}
	msg := f.Message
	if f.Object != "" {
		msg = f.Object + ": " + msg
	}
	return fmt.Sprintf("%s: %s %s: %s", loc, f.Severity, f.Rule, msg)
}

// Rule describes a check for --list-rules and SARIF.
type Rule struct {
	ID       string
	Severity Severity
	Contract string // the contract sentence (or clusterctl behaviour) it enforces
	// Fails is what an error of the rule breaks, as the sentence shows: the zero
	// value a contract (verify lowers it to a warning), else clusterctl itself.
	Fails Failure
}

// Failure is what an error of a rule breaks.
type Failure int

const (
	FailsContract   Failure = iota // a provider contract: Cluster API or a user meets it later
	FailsClusterctl                // clusterctl cannot read or install the release
	FailsRead                      // the file cannot be read at all (clusterctl fails too)
)

// Clusterctl reports whether clusterctl fails on an error of the rule.
func (f Failure) Clusterctl() bool { return f >= FailsClusterctl }

// Findings is a list of findings; as an error it reports the errors among them.
type Findings []Finding

// Error implements error with one line per error-severity finding.
func (fs Findings) Error() string {
	var lines []string
	for _, f := range fs {
		if f.Severity == Error {
			lines = append(lines, f.String())
		}
	}
	return strings.Join(lines, "\n")
}

// HasErrors reports whether any finding is an error.
func (fs Findings) HasErrors() bool {
	for _, f := range fs {
		if f.Severity == Error {
			return true
		}
	}
	return false
}

// Count returns the number of findings of a severity.
func (fs Findings) Count(s Severity) int {
	n := 0
	for _, f := range fs {
		if f.Severity == s {
			n++
		}
	}
	return n
}

// Without drops findings whose rule id is in disabled, or "<rule id>:<object name>"
// for one object: "contract-infra-machine-provider-id:foomachines.infrastructure.foo.io"
// silences that rule for the CRD of one kind only (the name after the kind in Object).
func (fs Findings) Without(disabled map[string]bool) Findings {
	var out Findings
	for _, f := range fs {
		_, name, _ := strings.Cut(f.Object, " ")
		if !disabled[f.Rule] && (name == "" || !disabled[f.Rule+":"+name]) {
			out = append(out, f)
		}
	}
	return out
}

// Sort orders findings by file, line, rule and message, so output is deterministic.
func (fs Findings) Sort() {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}
