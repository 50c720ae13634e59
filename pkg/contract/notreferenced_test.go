package contract

import (
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
)

// TestPoolEntryIsANote: an InfraMachine-named kind without a <Kind>Template beside a
// sibling that has one (k0smotron's PooledRemoteMachine beside RemoteMachine) is
// lowered to a warning; with none of the fields Cluster API reads of an InfraMachine
// as well, to a note. With one of them it stays a warning, and with no sibling
// template its missing fields are errors.
func TestPoolEntryIsANote(t *testing.T) {
	t.Parallel()
	const g = "infrastructure.cluster.x-k8s.io"
	machine := roleCRD(g, "RemoteMachine", "v1beta1", []string{"providerID"}, nil)
	tmpl := roleCRD(g, "RemoteMachineTemplate", "v1beta1", nil, nil)
	cases := []struct {
		name       string
		docs       []string
		spec, stat []string
		want       lint.Severity
	}{
		{"pool entry with none of the fields", []string{machine, tmpl}, []string{"pool"}, []string{"reserved"}, lint.Note},
		{"pool entry with status.ready", []string{machine, tmpl}, []string{"pool"}, []string{"ready"}, lint.Warning},
		{"no sibling template", []string{machine}, []string{"pool"}, []string{"reserved"}, lint.Error},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			data := strings.Join(append(c.docs, roleCRD(g, "PooledRemoteMachine", "v1beta1", c.spec, c.stat)), "---\n")
			fs := Components(Input{File: "infrastructure-components.yaml", Docs: split(t, data), Type: "InfrastructureProvider", Label: "infrastructure-k0smotron"})
			var got []lint.Finding
			for _, f := range fs {
				if f.Rule == "contract-infra-machine-provider-id" && strings.HasPrefix(f.Message, "PooledRemoteMachine ") {
					got = append(got, f)
				}
			}
			if len(got) != 1 || got[0].Severity != c.want {
				t.Fatalf("provider-id findings on PooledRemoteMachine %+v, want one %s", got, c.want)
			}
		})
	}
}

// TestRoleMarks: the marks of a role are the paths of its unconditional "must" field
// rules, in fieldRules order, v1beta1's first (the note's message lists them so).
func TestRoleMarks(t *testing.T) {
	t.Parallel()
	for role, want := range map[string][]string{
		"InfraMachine":    {"spec.providerID", "status.ready", "status.initialization.provisioned"},
		"BootstrapConfig": {"status.dataSecretName", "status.ready", "status.initialization.dataSecretCreated"},
	} {
		if got := roleMarks(role); !slices.Equal(got, want) {
			t.Errorf("roleMarks(%s) = %v, want %v", role, got, want)
		}
	}
}
