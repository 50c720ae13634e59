package check

import (
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/upgrade"
	"github.com/capirepo/capirepo/pkg/verify"
)

// AllRules is every rule capirepo reports: the build and lint rules (Rules), the
// repository rules of verify and the upgrade rules, for --list-rules, SARIF and
// --disable.
func AllRules() lint.Rules { return append(append(Rules(), verify.Rules()...), upgrade.Rules()...) }
