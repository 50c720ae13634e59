package contract

import (
	"fmt"
	"strings"
	"testing"
)

// roleCRD writes a CRD of group/kind with an optional contract label and the
// given status and spec properties (names only, typed string).
func roleCRD(group, kind, label string, spec, status []string) string {
	props := func(names []string) string {
		out := ""
		for _, n := range names {
			out += fmt.Sprintf("\n                %s: {type: string}", n)
		}
		return out
	}
	labels := ""
	if label != "" {
		labels = "\n  labels:\n    cluster.x-k8s.io/" + label + ": v1alpha1"
	}
	return fmt.Sprintf(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: %[2]ss.%[1]s%[3]s
spec:
  group: %[1]s
  names: {kind: %[4]s, plural: %[2]ss}
  scope: Namespaced
  versions:
  - name: v1alpha1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:%[5]s
          status:
            type: object
            properties:%[6]s
`, group, strings.ToLower(kind), labels, kind, props(spec), props(status))
}

// TestRoleOf: a kind's role comes from the kind (its group's type and name suffix,
// else its contract label and the fields Cluster API reads), never from the
// provider that ships it.
func TestRoleOf(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, group, kind, label string
		spec, status             []string
		want                     string
	}{
		{"infra cluster", "infrastructure.cluster.x-k8s.io", "AWSCluster", "", nil, nil, roleInfraCluster},
		{"infra machine template", "infrastructure.cluster.x-k8s.io", "AWSMachineTemplate", "", nil, nil, roleInfraMachineTemplate},
		{"managed control plane in an infrastructure group", "infrastructure.cluster.x-k8s.io", "AzureManagedControlPlane", "", nil, nil, roleControlPlane},
		{"identity is not a contract kind", "infrastructure.cluster.x-k8s.io", "AWSClusterRoleIdentity", "v1beta1", nil, nil, ""},
		{"third-party group", "containerservice.azure.com", "ManagedCluster", "", nil, nil, ""},
		{"non-SIG infrastructure group", "infrastructure.foo.com", "FooMachine", "", nil, nil, roleInfraMachine},
		{"bare suffix", "infrastructure.cluster.x-k8s.io", "Cluster", "", nil, nil, ""},
		{"bundled bootstrap config (CAPA's EKSConfig)", "bootstrap.cluster.x-k8s.io", "EKSConfig", "", nil, nil, roleBootstrapConfig},
		{"bundled bootstrap template (CAPA's NodeadmConfigTemplate)", "bootstrap.cluster.x-k8s.io", "NodeadmConfigTemplate", "", nil, nil, roleBootstrapTemplate},
		{"bundled control plane (CAPA's AWSManagedControlPlane)", "controlplane.cluster.x-k8s.io", "AWSManagedControlPlane", "", nil, nil, roleControlPlane},
		{"typed segment of a cluster.x-k8s.io group", "vmware.infrastructure.cluster.x-k8s.io", "VSphereMachine", "", nil, nil, roleInfraMachine},
		{"core group", "cluster.x-k8s.io", "MachinePool", "v1beta1", []string{"providerIDList"}, nil, ""},
		{"labelled, by fields: bootstrap data", "k8s.example.com", "NodeSeed", "v1beta1", nil, []string{"dataSecretName"}, roleBootstrapConfig},
		{"labelled, by fields: machine", "compute.example.com", "Server", "v1beta1", []string{"providerID"}, []string{"ready"}, roleInfraMachine},
		{"labelled, by fields: control plane", "k8s.example.com", "Masters", "v1beta1", nil, []string{"initialized"}, roleControlPlane},
		{"unlabelled, fields alone say nothing", "compute.example.com", "Server", "", []string{"providerID"}, nil, ""},
		{"labelled, endpoint without provisioning is no cluster", "net.example.com", "Gateway", "v1beta1", []string{"controlPlaneEndpoint"}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			docs := split(t, roleCRD(c.group, c.kind, c.label, c.spec, c.status))
			if got, why := roleOf(newCRD(docs[0])); got != c.want || (got != "" && why == "") {
				t.Errorf("roleOf(%s %s) = %q (%s), want %q with its evidence", c.group, c.kind, got, why, c.want)
			}
		})
	}
}

// TestPairTemplates: a <Kind>Template of a kind recognised by its fields takes the
// Template role; one whose base has no role stays without.
func TestPairTemplates(t *testing.T) {
	t.Parallel()
	in := roleCRD("k8s.example.com", "NodeSeed", "v1beta1", nil, []string{"dataSecretName"}) + "---\n" +
		roleCRD("k8s.example.com", "NodeSeedTemplate", "v1beta1", []string{"template"}, nil) + "---\n" +
		roleCRD("k8s.example.com", "WidgetTemplate", "v1beta1", []string{"template"}, nil)
	roles := map[string]string{}
	for _, c := range newScan(Input{Docs: split(t, in)}).crds {
		roles[c.group+"/"+c.kind] = c.role
	}
	if got := roles["k8s.example.com/NodeSeedTemplate"]; got != roleBootstrapTemplate {
		t.Errorf("NodeSeedTemplate role %q, want %q", got, roleBootstrapTemplate)
	}
	if got, ok := roles["k8s.example.com/WidgetTemplate"]; !ok || got != "" {
		t.Errorf("WidgetTemplate role %q (found %v), want none", got, ok)
	}
}

// TestFieldRoleAsksNoTemplate: a labelled kind that only two schema fields make look
// like an InfraCluster (spec.controlPlaneEndpoint, status.ready; named like no
// contract kind, e.g. a legacy kind nothing references) is asked for no Template.
func TestFieldRoleAsksNoTemplate(t *testing.T) {
	t.Parallel()
	in := "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n---\n" +
		roleCRD("infrastructure.cluster.x-k8s.io", "FooLegacyEnv", "v1beta1", []string{"controlPlaneEndpoint"}, []string{"ready"})
	c := newCRD(split(t, in)[1])
	if c.role != roleInfraCluster || !c.byFields {
		t.Fatalf("role %q byFields %v, want a field-guessed InfraCluster", c.role, c.byFields)
	}
	for _, f := range Components(Input{File: "c.yaml", Docs: split(t, in), Type: "InfrastructureProvider"}) {
		if f.Rule == "crd-template" {
			t.Errorf("crd-template for a field-guessed role: %v", f)
		}
	}
}
