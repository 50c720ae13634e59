package verify

import (
	"sort"

	"github.com/capirepo/capirepo/pkg/lint"
)

// clusterctlFails are the release-lint rules whose errors mean clusterctl cannot read
// or install the release (their rule sentences cite the clusterctl failure); with the
// repo-* rules they stay errors. Every other lint error is the provider breaking a
// contract: verify reports it with file and line as a warning, an error only with
// Options.Strict, so a mirror of such a release is still one clusterctl can use.
var clusterctlFails = map[string]bool{
	"yaml-parse": true, "vars-parse": true,
	"metadata-yaml": true, "metadata-api-version": true, "metadata-kind": true,
	"metadata-series-empty": true, "metadata-series-value": true, "metadata-version-series": true,
	"components-namespace-count": true, "components-image-canonical": true, "components-inject-ca-from": true,
	"crd-api-version": true, "crd-name": true, "webhook-api-version": true,
	"runtime-extension-client-config": true, // cluster-api's admission webhook rejects it during clusterctl init
}

// failsClusterctl reports whether an error of rule id means clusterctl cannot read or
// install the release (the repo-* rules and clusterctlFails).
func failsClusterctl(id string) bool {
	for _, r := range rules {
		if r.ID == id {
			return true
		}
	}
	return clusterctlFails[id]
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

// ClusterctlFailRules lists the lint rule ids of clusterctlFails, sorted.
func ClusterctlFailRules() []string {
	var out []string
	for id := range clusterctlFails {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}
