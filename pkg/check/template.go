package check

import (
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/variables"
	"github.com/drone/envsubst/v2"
)

const ruleSubstituted = "template-yaml-after-substitution"

// splitTemplate parses a template the way clusterctl reads it: clusterctl substitutes
// variables before parsing, so a template may be YAML only after substitution (a
// whole-line ${VAR} that injects a block). Then the documents come from the text with
// every variable unset, and substituted is true. Legacy `${ VAR }` spaces are
// normalised first, as clusterctl does.
func splitTemplate(data []byte) (docs []manifest.Doc, substituted bool, err error) {
	docs, err = manifest.Split(data)
	if err == nil {
		return docs, false, nil
	}
	text, serr := envsubst.Eval(variables.Normalise(string(data)), func(string) string { return "" })
	if serr != nil {
		return nil, false, err
	}
	if docs, serr = manifest.Split([]byte(text)); serr != nil {
		return nil, false, err
	}
	return docs, true, nil
}

func substitutedFinding(file string) lint.Finding {
	return lint.Finding{Rule: ruleSubstituted, Severity: lint.Note, File: file,
		Message: "this template is valid YAML only after variable substitution; clusterctl substitutes first, so it works, " +
			"but its objects were checked with every variable unset and line numbers of other findings may be approximate"}
}
