package contract

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
)

// twoVersionMachine is a CAPD-shaped InfraMachine CRD serving v1beta1 and v1beta2,
// labelled for both contracts; bad1 and bad2 go into the status of each version.
func twoVersionMachine(bad1, bad2 string) string {
	version := func(name, bad string) string {
		return "  - name: " + name + "\n    schema:\n      openAPIV3Schema:\n        properties:\n          spec:\n            properties:\n              providerID:\n                type: string\n            type: object\n" +
			"          status:\n            properties:\n              ready:\n                type: boolean\n              initialization:\n                properties:\n                  provisioned:\n                    type: boolean\n                type: object\n" + bad +
			"            type: object\n        type: object\n    served: true\n    storage: " + map[string]string{"v1beta1": "false", "v1beta2": "true"}[name] + "\n    subresources:\n      status: {}\n"
	}
	return "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  labels:\n    cluster.x-k8s.io/v1beta1: v1beta1\n    cluster.x-k8s.io/v1beta2: v1beta2\n  name: foomachines.infrastructure.cluster.x-k8s.io\nspec:\n  group: infrastructure.cluster.x-k8s.io\n  names:\n    kind: FooMachine\n    listKind: FooMachineList\n    plural: foomachines\n  scope: Namespaced\n  conversion:\n    strategy: Webhook\n  versions:\n" +
		version("v1beta1", bad1) + version("v1beta2", bad2)
}

const objectField = "              %s:\n                properties:\n                  reason:\n                    type: string\n                type: object\n"

// TestObjectFailureFieldsAreErrors: the audit's mutations of a v1beta2
// status.failureReason and of a v1beta1-contract status.failureDomain to objects are
// errors (FailuresFrom and InfrastructureMachine().FailureDomain read them with
// NestedString); a v1beta1 version no core of a v1beta2 release reads is not judged.
func TestObjectFailureFieldsAreErrors(t *testing.T) {
	t.Parallel()
	field := func(name string) string { return strings.Replace(objectField, "%s", name, 1) }
	cases := []struct {
		name, contract, bad1, bad2, rule string
		want                             int
	}{
		{"v1beta2 failureReason", "v1beta2", "", field("failureReason"), ruleFailureFields.ID, 1},
		{"v1beta1-contract failureDomain", "v1beta1", field("failureDomain"), "", ruleMachineFailureDomain.ID, 1},
		{"v1beta2 release, v1beta1 version", "v1beta2", field("failureDomain"), "", ruleMachineFailureDomain.ID, 0},
	}
	for _, c := range cases {
		in := Input{File: "infrastructure-components.yaml", Docs: split(t, twoVersionMachine(c.bad1, c.bad2)), Contract: c.contract, Type: "InfrastructureProvider"}
		n := 0
		for _, f := range Components(in) {
			if f.Rule == c.rule && f.Severity == lint.Error {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%s: %d %s errors, want %d\n%v", c.name, n, c.rule, c.want, Components(in))
		}
	}
}
