package verify

import (
	"sort"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/lint"
)

// failsClusterctl reports whether an error of rule id means clusterctl cannot read or
// install the release: the repo-* rules, and the lint rules whose rule says so
// (lint.Rule.Fails; their sentences cite the clusterctl failure). Every other lint
// error is the provider breaking a contract: verify reports it with file and line as
// a warning, an error only with Options.Strict, so a mirror of such a release is
// still one clusterctl can use.
func failsClusterctl(id string) bool {
	for _, r := range rules {
		if r.ID == id {
			return true
		}
	}
	for _, r := range check.Rules() {
		if r.ID == id {
			return r.Fails.Clusterctl()
		}
	}
	return false
}

// contractBreaks lowers the errors of a release's lint findings that are contract
// breaks, not clusterctl failures, to warnings (unless strict).
func contractBreaks(fs lint.Findings, strict bool) lint.Findings {
	if strict {
		return fs
	}
	out := make(lint.Findings, len(fs))
	for i, f := range fs {
		if f.Severity == lint.Error && !failsClusterctl(f.Rule) {
			f.Severity = lint.Warning
			f.Message += " (a contract break, not a clusterctl failure: an error with --strict)"
		}
		out[i] = f
	}
	return out
}

// ClusterctlFailRules lists the lint rule ids whose errors mean clusterctl fails, sorted.
func ClusterctlFailRules() []string {
	var out []string
	for _, r := range check.Rules() {
		if r.Fails.Clusterctl() {
			out = append(out, r.ID)
		}
	}
	sort.Strings(out)
	return out
}
