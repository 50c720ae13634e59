package variables

import "github.com/capirepo/capirepo/pkg/lint"

// Rule ids.
const (
	RuleParse        = "vars-parse"
	RuleImage        = "vars-image"
	RuleClusterClass = "vars-clusterclass"
	RuleSpacing      = "vars-spacing"
	RuleEmptyDefault = "vars-empty-default"
	RuleInconsistent = "vars-inconsistent-default"
	RuleUnbraced     = "vars-unbraced"
	RuleComment      = "vars-comment"
	RuleOperator     = "vars-operator"
	RuleNested       = "vars-nested"
	RuleName         = "vars-name"
	RuleMetadata     = "vars-metadata"
)

// Rules lists the checks Lint runs, with the contract sentence or clusterctl
// behaviour each one enforces.
func Rules() []lint.Rule {
	return []lint.Rule{
		{ID: RuleParse, Severity: lint.Error, Contract: "Formats such as ${VAR$FOO} are not supported: clusterctl parses every ${ with drone/envsubst and stops with a bare error (missing closing brace, unable to parse variable name) on the first one it cannot parse (cmd/clusterctl/client/yamlprocessor/simple_processor.go GetVariables, Process)", Fails: lint.FailsClusterctl},
		{ID: RuleImage, Severity: lint.Error, Contract: "clusterctl parses Deployment and DaemonSet images before variable substitution, so a ${VAR} in image: breaks generate provider --raw/--describe and init list-images (invalid reference format); judged on the images InspectImages reads, those of Deployment and DaemonSet containers and init containers (cmd/clusterctl/internal/util/objs.go InspectImages on the unsubstituted objects), so an image: line in a ConfigMap's text is none"},
		{ID: RuleClusterClass, Severity: lint.Warning, Contract: "ClusterClass definitions SHOULD NOT have any environment variables in them; clusterctl generate cluster --list-variables does not show them (cmd/clusterctl/client/clusterclass.go addClusterClassIfMissing)"},
		{ID: RuleSpacing, Severity: lint.Warning, Contract: "clusterctl currently supports variables with leading/trailing spaces such as ${ VAR }, ${ VAR}, ${VAR }; these formats will be deprecated (cmd/clusterctl/client/yamlprocessor/simple_processor.go convertLegacyVars)"},
		{ID: RuleEmptyDefault, Severity: lint.Warning, Contract: "clusterctl treats an empty default (${VAR:=}, ${VAR:-}, ${VAR=}) as no default: the variable is required (cmd/clusterctl/client/yamlprocessor/simple_processor.go GetVariableMap, traverse)"},
		{ID: RuleInconsistent, Severity: lint.Warning, Contract: "clusterctl takes a variable's default from its first occurrence only; other occurrences render their own default, or empty when they have none (occurrences with a string function are not compared) (cmd/clusterctl/client/yamlprocessor/simple_processor.go traverse)"},
		{ID: RuleUnbraced, Severity: lint.Note, Contract: "The components YAML can contain environment variables matching the format ${VAR}: clusterctl leaves $VAR without braces as literal text (a hint: shells and programs expand such text; mixed-case names such as $IPv6 and CRD schema descriptions are skipped) (cmd/clusterctl/client/yamlprocessor/simple_processor.go Process)"},
		{ID: RuleComment, Severity: lint.Warning, Contract: "clusterctl substitutes the raw text, comments included: a ${VAR} in a comment is a variable clusterctl lists (required unless its first occurrence has a default) and renders there (cmd/clusterctl/client/yamlprocessor/simple_processor.go Process, GetVariableMap)"},
		{ID: RuleOperator, Severity: lint.Warning, Contract: "Only ${VAR:=default}, ${VAR=default} and ${VAR:-default} are documented; clusterctl takes the arguments of any other function (:?, :+, substring, replace, trim) as the default; checked at a name's first occurrence, which decides the listing (and for :+, which inverts the shell's meaning, everywhere) (cmd/clusterctl/client/yamlprocessor/simple_processor.go traverse)"},
		{ID: RuleNested, Severity: lint.Warning, Contract: "clusterctl does not list or check variables nested in another variable's default; unset, they render empty (not reported when the file also uses the name at top level, or for the names clusterctl sets for templates) (cmd/clusterctl/client/yamlprocessor/simple_processor.go traverse)"},
		{ID: RuleName, Severity: lint.Warning, Contract: "Variable names should be upper case [A-Z0-9_]+ (clusterctl looks them up case-insensitively) and prefixed with the provider name (cmd/clusterctl/client/config/variables_client.go)"},
		{ID: RuleMetadata, Severity: lint.Warning, Contract: "clusterctl reads metadata.yaml without variable substitution: ${VAR} stays literal (cmd/clusterctl/client/repository/metadata_client.go Get)"},
	}
}
