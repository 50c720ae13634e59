package check

import (
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/verify"
)

// AllRules is every rule capirepo reports: the build and lint rules (Rules) and the
// repository rules of verify, for --list-rules, SARIF and --disable.
func AllRules() lint.Rules { return append(Rules(), verify.Rules()...) }
