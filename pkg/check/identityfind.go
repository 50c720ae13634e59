package check

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

var (
	ruleIdentity        = lint.Rule{ID: "provider-identity", Severity: lint.Warning, Contract: "lint names a provider from its components file: its name (the contract's <type>-components.yaml), the cluster.x-k8s.io/provider label of its objects (which clusterctl sets to the provider's label, cmd/clusterctl/client/repository/components.go addCommonLabels) and its CRDs' API groups (infrastructure., bootstrap., controlplane.); a <label>/<version> folder's label is how clusterctl's local repository names it (repository_local.go). Evidence that disagrees is reported, with the provider lint chose."}
	ruleIdentityMissing = lint.Rule{ID: "provider-identity-missing", Severity: lint.Note, Contract: "Where no evidence names the provider (no cluster.x-k8s.io/provider label, no <label>/<version> folder) or the release version (a folder whose name is not a version), lint says what it checked without: the provider's name, or the version rules of metadata.yaml."}
)

// identityFindings: one provider-identity warning when a piece of evidence names
// another provider than p, and one provider-identity-missing note when none names p.
func (e evidence) identityFindings(p layout.Provider, file string) lint.Findings {
	var out lint.Findings
	if e.disagrees(p) {
		out = append(out, lint.Finding{Rule: ruleIdentity.ID, Severity: ruleIdentity.Severity, File: file, Message: fmt.Sprintf(
			"the evidence for this file's provider disagrees: %s; linted as %s (%s), which most of it names. Make the file name, the labels and the folder agree (clusterctl overwrites the labels with the label of the provider its URL names)",
			strings.Join(e.said(), "; "), p.Label(), p.Type)})
	}
	if p.Name == "unknown" {
		why := "nothing names the provider (no cluster.x-k8s.io/provider label, no file name of a type, no CRD group of one)"
		if s := e.said(); len(s) > 0 {
			why = "no cluster.x-k8s.io/provider label or <label>/<version> folder names the provider; its type is from " + strings.Join(s, "; ")
		}
		out = append(out, lint.Finding{Rule: ruleIdentityMissing.ID, Severity: ruleIdentityMissing.Severity, File: file, Message: fmt.Sprintf(
			"%s: linted as %s; set the label cluster.x-k8s.io/provider: <label> on its objects (kustomize labels:), or lint the release as <label>/<version>/", why, p.Label())})
	}
	return out
}

// disagrees: some evidence names another provider than p.
func (e evidence) disagrees(p layout.Provider) bool {
	for _, l := range []string{e.label, e.folder} {
		if l != "" && l != p.Label() {
			return true
		}
	}
	if e.byName != "" && e.byName != p.Type {
		return true
	}
	return len(e.groups) > 0 && !slices.Contains(e.groups, p.Type)
}

// versionFinding is the note for a folder whose name is not a version: the version
// rules of metadata.yaml (its series for this release, the contract it declares for
// the CRD labels) are off.
func versionFinding(dir, file string) lint.Finding {
	return lint.Finding{Rule: ruleIdentityMissing.ID, Severity: ruleIdentityMissing.Severity, File: file, Message: fmt.Sprintf(
		"the folder name %q is not a version, so the release's version is unknown and the version rules are off (metadata.yaml's series for it, the contract the CRD labels must carry); lint it as <label>/<version>/ or in a folder named after the version", dir)}
}

// identityRules lists the rules of discovery (this file's, and metadata.yaml missing).
func identityRules() []lint.Rule {
	return []lint.Rule{ruleIdentity, ruleIdentityMissing, MetadataMissingRule}
}
