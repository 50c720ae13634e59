package check

import (
	"path"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// RuleMetadataMissing is the rule of a release without metadata.yaml: lint reports it
// for a folder of release files, verify for a published version.
const RuleMetadataMissing = "repo-metadata-missing"

// MetadataMissingRule is RuleMetadataMissing's entry of the registry.
var MetadataMissingRule = lint.Rule{ID: RuleMetadataMissing, Severity: lint.Error, Contract: "every release must contain metadata.yaml; a local repository's `latest` fails on the highest folder without it (cmd/clusterctl/client/repository/repository_versions.go latestContractRelease, metadata_client.go Get)"}

// metadataMissing is the finding of a folder of release files (dir) that has
// components files and no metadata.yaml: clusterctl cannot install it as it is.
func metadataMissing(dir string) lint.Finding {
	return lint.Finding{Rule: RuleMetadataMissing, Severity: MetadataMissingRule.Severity, File: path.Join(dir, layout.MetadataFile),
		Message: "metadata.yaml is missing: clusterctl needs it for init, upgrade and `latest` (\"failed to read metadata.yaml\"); ship it beside the components file, or lint a folder that is not a whole release with --disable " + RuleMetadataMissing}
}
