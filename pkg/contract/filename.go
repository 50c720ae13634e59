package contract

import (
	"path"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// ComponentsFileName checks a components file name against the name the contract
// recommends for the provider type (clusterctl itself takes any name from the URL).
// No name (loose templates linted without a components file) gives no finding.
func ComponentsFileName(typ layout.Type, name string) lint.Findings {
	want := layout.ComponentsFile(typ)
	if want == "" || name == "" || path.Base(name) == want {
		return nil
	}
	msg := "the contract recommends naming the " + string(typ) + " components file " + want + "; rename it (clusterctl reads whatever the provider URL names, so users must then spell this name)"
	if typ == layout.RuntimeExtensionProvider {
		msg = "runtime extension providers release a file called " + want + " (singular \"extension\"); rename it"
	}
	return lint.Findings{{Rule: ruleFileName.ID, Severity: ruleFileName.Severity, File: name, Message: msg}}
}
