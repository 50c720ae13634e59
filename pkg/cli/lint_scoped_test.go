package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLintDisableOneKind: --disable <rule>:<CRD name> silences the rule for that CRD
// only; an unknown rule in that form is still a usage error.
func TestLintDisableOneKind(t *testing.T) {
	t.Parallel()
	file := filepath.Join("..", "contract", "testdata", "rules", "contract-infra-machine-provider-id", "fail", "infrastructure-components.yaml")
	_, out, _ := runEnv(t, nil, "lint", "--disable", "contract-infra-machine-provider-id:foomachines.infrastructure.cluster.x-k8s.io", file)
	if strings.Contains(out, "foomachines.infrastructure.cluster.x-k8s.io: FooMachine infrastructure.cluster.x-k8s.io/v1beta1, read under") || !strings.Contains(out, "error contract-infra-machine-provider-id: CustomResourceDefinition barmachines") {
		t.Errorf("scoped disable did not silence only FooMachine:\n%s", out)
	}
	if code, _, errOut := runEnv(t, nil, "lint", "--disable", "no-such-rule:foomachines.x.io", file); code != ExitUsage || !strings.Contains(errOut, "no-such-rule") {
		t.Errorf("unknown scoped rule: exit %d, %s", code, errOut)
	}
}
