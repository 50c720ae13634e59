package bigtree

import (
	"bytes"
	"fmt"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Style is how a components file is written.
type Style int

const (
	// Kustomize writes as kustomize (kyaml, yaml.v3) does: keys sorted, sequences at
	// their key's indentation, multi-line strings as literal blocks, long lines folded.
	Kustomize Style = iota
	// PyYAML writes as PyYAML's safe_dump does: quoted strings (single quotes, or
	// double quotes with \u escapes for non-ASCII text) folded at 80 columns.
	PyYAML
)

// kind is one CRD of the generated provider: its group's type, kind, contract role
// (what its schema must carry for lint to pass) and payload size.
type kind struct {
	group, name, role string
	fields            int // top-level generated spec fields
	versions          int // 1: v1beta2 only; 2: v1beta1 (served) and v1beta2 (storage)
}

// capaKinds is a CAPA-sized provider: infrastructure kinds, a managed control plane
// and a bundled bootstrap provider, identities and helpers.
var capaKinds = []kind{
	{"infrastructure", "Cluster", "InfraCluster", 14, 2}, {"infrastructure", "ClusterTemplate", "Template", 14, 2},
	{"infrastructure", "Machine", "InfraMachine", 16, 2}, {"infrastructure", "MachineTemplate", "Template", 16, 2},
	{"infrastructure", "MachinePool", "InfraMachinePool", 12, 2}, {"infrastructure", "ManagedMachinePool", "InfraMachinePool", 12, 2},
	{"infrastructure", "ManagedCluster", "InfraCluster", 3, 2}, {"infrastructure", "ManagedClusterTemplate", "Template", 3, 1},
	{"infrastructure", "ClusterRoleIdentity", "", 4, 2}, {"infrastructure", "ClusterStaticIdentity", "", 3, 2},
	{"infrastructure", "ClusterControllerIdentity", "", 3, 2}, {"infrastructure", "FargateProfile", "", 8, 2},
	{"infrastructure", "RouteSet", "", 6, 1}, {"infrastructure", "Network", "", 9, 1},
	{"controlplane", "ManagedControlPlane", "ControlPlane", 44, 2}, {"controlplane", "ManagedControlPlaneTemplate", "Template", 30, 1},
	{"controlplane", "HostedControlPlane", "ControlPlane", 18, 1},
	{"bootstrap", "Config", "BootstrapConfig", 10, 2}, {"bootstrap", "ConfigTemplate", "Template", 10, 2},
	{"bootstrap", "NodeConfig", "BootstrapConfig", 8, 1}, {"bootstrap", "NodeConfigTemplate", "Template", 8, 1},
	{"infrastructure", "Bastion", "", 5, 1}, {"infrastructure", "Endpoint", "", 4, 1},
}

// Provider is a components file of at least size bytes shaped like a real provider's
// (the kinds of capaKinds, each a CRD of one or two versions with deep schemas and
// kubebuilder-style descriptions), written in style; the same bytes for the same
// arguments. The kinds repeat in groups of their own (infrastructure.r<N>.example.com)
// until size is reached; lint finds no error in it.
func Provider(size int, style Style) []byte {
	var crds bytes.Buffer
	crds.Grow(size + 2<<20)
	var groups []string
	for r := 0; r == 0 || crds.Len() < size; r++ {
		for _, t := range []string{"infrastructure", "controlplane", "bootstrap"} {
			groups = append(groups, fmt.Sprintf("%s.r%d.example.com", t, r))
		}
		for i, k := range capaKinds {
			writeDoc(&crds, providerCRD(k, r, uint64(r*len(capaKinds)+i)), style)
		}
	}
	var b bytes.Buffer
	b.Grow(crds.Len() + 64<<10)
	for _, d := range providerObjects(groups) {
		writeDoc(&b, d, style)
	}
	b.WriteString("---\n")
	b.Write(crds.Bytes())
	return b.Bytes()
}

func writeDoc(b *bytes.Buffer, doc map[string]any, style Style) {
	if b.Len() > 0 {
		b.WriteString("---\n")
	}
	if style == PyYAML {
		writePyYAML(b, doc)
		return
	}
	e := yaml.NewEncoder(b)
	e.SetIndent(2)
	e.CompactSeqIndent()
	if err := e.Encode(doc); err != nil {
		panic(err) // generated maps always encode
	}
	_ = e.Close()
}

// providerCRD is kind k of replica r: its contract fields and generated payload.
func providerCRD(k kind, r int, seed uint64) map[string]any {
	g := newGen(seed)
	group := fmt.Sprintf("%s.r%d.example.com", k.group, r)
	name := "Gen" + k.name
	plural := strings.ToLower(name) + "s"
	if strings.HasSuffix(plural, "ys") {
		plural = strings.TrimSuffix(plural, "ys") + "ies" // identities, as flect (CalculateCRDName) says
	}
	var versions []any
	for v := 2 - k.versions; v < 2; v++ {
		contract := []string{"v1beta1", "v1beta2"}[v]
		versions = append(versions, map[string]any{
			"name": contract, "served": true, "storage": v == 1,
			"schema":                   map[string]any{"openAPIV3Schema": g.root(k, contract)},
			"subresources":             map[string]any{"status": map[string]any{}},
			"additionalPrinterColumns": []any{map[string]any{"jsonPath": ".metadata.creationTimestamp", "name": "Age", "type": "date"}},
		})
	}
	labels := map[string]any{"cluster.x-k8s.io/v1beta1": "v1beta1", "cluster.x-k8s.io/v1beta2": "v1beta2"}
	if strings.HasSuffix(k.name, "Identity") {
		labels["clusterctl.cluster.x-k8s.io/move-hierarchy"] = "" // as CAPA's identities: moved with the clusters using them
	}
	spec := map[string]any{"group": group, "scope": "Namespaced", "versions": versions,
		"names": map[string]any{"kind": name, "listKind": name + "List", "plural": plural, "singular": strings.ToLower(name),
			"categories": []any{"cluster-api"}}}
	if len(versions) > 1 { // versions whose schemas differ convert through the webhook, as kustomize's patch writes it
		spec["conversion"] = map[string]any{"strategy": "Webhook", "webhook": map[string]any{"conversionReviewVersions": []any{"v1", "v1beta1"},
			"clientConfig": map[string]any{"service": map[string]any{"name": "gen-webhook-service", "namespace": "gen-system", "path": "/convert"}}}}
	}
	return map[string]any{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": plural + "." + group,
			"annotations": map[string]any{"controller-gen.kubebuilder.io/version": "v0.18.0"}, "labels": labels},
		"spec": spec,
	}
}
