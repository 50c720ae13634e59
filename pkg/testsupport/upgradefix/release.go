// Package upgradefix writes the releases of a small infrastructure provider,
// infrastructure-acme, shaped as controller-gen and kustomize write real ones, for
// the upgrade doctor's tests: each Case is a history of releases and a next release
// that breaks (or keeps) one upgrade rule.
package upgradefix

import (
	"fmt"
	"strings"
)

// Label is the fixture provider's label.
const Label = "infrastructure-acme"

// Release is one release of infrastructure-acme.
type Release struct {
	Version  string
	Series   []string // metadata.yaml releaseSeries: "0.1 v1beta1"
	CRDs     []CRD
	Args     []string // the manager container's args
	Rules    []Rule   // the manager ClusterRole's rules
	Image    string   // the manager image ("" = registry.example.com/acme/acme-controller:<version>)
	Template string   // cluster-template.yaml ("" = none)
}

// CRD is one CustomResourceDefinition of the acme group.
type CRD struct {
	Kind     string
	Versions []Version
	Webhook  bool   // spec.conversion.strategy Webhook
	Contract string // the cluster.x-k8s.io/v1beta1 label ("" = none)
}

// Version is one spec.versions item; Fields are extra spec properties of its schema.
type Version struct {
	Name            string
	Served, Storage bool
	Fields          []string
}

// Rule is one ClusterRole rule.
type Rule struct {
	Groups, Resources, Verbs []string
}

// Files returns the release's files by name.
func (r Release) Files() map[string]string {
	out := map[string]string{"metadata.yaml": r.metadata(), "infrastructure-components.yaml": r.components()}
	if r.Template != "" {
		out["cluster-template.yaml"] = r.Template
	}
	return out
}

func (r Release) metadata() string {
	var b strings.Builder
	b.WriteString("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n")
	for _, s := range r.Series {
		var major, minor int
		var contract string
		fmt.Sscanf(s, "%d.%d %s", &major, &minor, &contract)
		fmt.Fprintf(&b, "- major: %d\n  minor: %d\n  contract: %s\n", major, minor, contract)
	}
	return b.String()
}

func (r Release) components() string {
	docs := []string{namespace}
	for _, c := range r.CRDs {
		docs = append(docs, c.yaml())
	}
	docs = append(docs, r.role(), binding, r.deployment())
	return strings.Join(docs, "---\n")
}

const namespace = `apiVersion: v1
kind: Namespace
metadata:
  labels:
    cluster.x-k8s.io/provider: infrastructure-acme
    control-plane: controller-manager
  name: acme-system
`

const binding = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  labels:
    cluster.x-k8s.io/provider: infrastructure-acme
  name: acme-manager-rolebinding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: acme-manager-role
subjects:
- kind: ServiceAccount
  name: acme-manager
  namespace: acme-system
`

func (r Release) role() string {
	var b strings.Builder
	b.WriteString("apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  labels:\n    cluster.x-k8s.io/provider: infrastructure-acme\n  name: acme-manager-role\nrules:\n")
	for _, rule := range r.Rules {
		b.WriteString("- apiGroups:\n" + list("  ", rule.Groups) + "  resources:\n" + list("  ", rule.Resources) + "  verbs:\n" + list("  ", rule.Verbs))
	}
	return b.String()
}

func (r Release) deployment() string {
	image := r.Image
	if image == "" {
		image = "registry.example.com/acme/acme-controller:" + r.Version
	}
	return fmt.Sprintf(deployment, list("        ", r.Args), image)
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    cluster.x-k8s.io/provider: infrastructure-acme
    control-plane: controller-manager
  name: acme-controller-manager
  namespace: acme-system
spec:
  replicas: 1
  selector:
    matchLabels:
      control-plane: controller-manager
  template:
    metadata:
      labels:
        control-plane: controller-manager
    spec:
      containers:
      - args:
%s        command:
        - /manager
        image: %s
        imagePullPolicy: IfNotPresent
        name: manager
      serviceAccountName: acme-manager
`

// list writes a block sequence of quoted-free strings at an indentation.
func list(ind string, items []string) string {
	var b strings.Builder
	for _, it := range items {
		if it == "" || strings.ContainsAny(it, ":*") {
			it = fmt.Sprintf("%q", it)
		}
		b.WriteString(ind + "- " + it + "\n")
	}
	return b.String()
}
