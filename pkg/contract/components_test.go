package contract

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

func split(t *testing.T, s string) []manifest.Doc {
	t.Helper()
	docs, err := manifest.Split([]byte(s))
	if err != nil {
		t.Fatalf("parsing test input: %v", err)
	}
	return docs
}

const nsFoo = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n"
const cmFoo = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  namespace: foo-system\n"

func TestTargetNamespace(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, in, want, wantErr string }{
		{"one", nsFoo + "---\n" + cmFoo, "foo-system", ""},
		{"none", cmFoo, "", "no Namespace object"},
		{"two", nsFoo + "---\n" + strings.Replace(nsFoo, "foo-system", "bar", 1), "", "no more than one resource with Kind Namespace in the provider components yaml (found foo-system, bar)"},
		{"unnamed", "apiVersion: v1\nkind: Namespace\nmetadata: {}\n", "", "line 1 has no metadata.name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := TargetNamespace(split(t, c.in))
			if got != c.want {
				t.Errorf("TargetNamespace = %q, want %q", got, c.want)
			}
			if (err == nil) != (c.wantErr == "") || (err != nil && !strings.Contains(err.Error(), c.wantErr)) {
				t.Errorf("TargetNamespace error = %v, want it to contain %q", err, c.wantErr)
			}
		})
	}
}

func TestComponentsWithoutNamespace(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		allow bool
		want  int
	}{
		{"rejected by default", false, 1},
		{"allowed on request", true, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			fs := Components(Input{File: "c.yaml", Docs: split(t, cmFoo), AllowNoNamespace: c.allow})
			if got := len(reported(fs, ruleNamespaceCount.ID)); got != c.want {
				t.Errorf("got %d %s findings, want %d: %v", got, ruleNamespaceCount.ID, c.want, fs)
			}
		})
	}
}

// TestContractLabelForMetadataContract follows cluster-api's lookup: a v1beta2 core
// also reads the v1beta1 label (a warning until v1beta1 compatibility ends), a
// v1beta1 core reads only its own.
func TestContractLabelForMetadataContract(t *testing.T) {
	t.Parallel()
	crdDoc := "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: fooclusters.infrastructure.cluster.x-k8s.io\n  labels:\n    cluster.x-k8s.io/LABEL: v1beta1\nspec:\n  group: infrastructure.cluster.x-k8s.io\n  names: {kind: FooCluster, plural: fooclusters}\n  scope: Namespaced\n  versions: [{name: v1beta1, served: true, storage: true}]\n"
	cases := []struct {
		name, label, contract, want string
	}{
		{"label present", "v1beta1", "v1beta1", ""},
		{"v1beta2 core reads the v1beta1 label", "v1beta1", "v1beta2", "crd-contract-label-compat"},
		{"v1beta1 core cannot read the v1beta2 label", "v1beta2", "v1beta1", "crd-contract-label"},
		{"older label only", "v1alpha4", "v1beta2", "crd-contract-label"},
		{"any contract", "v1beta1", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			doc := strings.Replace(crdDoc, "LABEL", c.label, 1)
			in := Input{File: "c.yaml", Docs: split(t, nsFoo+"---\n"+doc), Type: layout.InfrastructureProvider, Contract: c.contract}
			var got []string
			for _, f := range Components(in) {
				if strings.HasPrefix(f.Rule, "crd-contract-label") {
					got = append(got, f.Rule)
				}
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("label findings %v, want %q", got, c.want)
			}
		})
	}
}

func TestComponentsFileName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, typ, file string
		want            int
	}{
		{"recommended", layout.InfrastructureProvider, "infrastructure-components.yaml", 0},
		{"development flavour", layout.InfrastructureProvider, "infrastructure-components-development.yaml", 1},
		{"runtime plural", layout.RuntimeExtensionProvider, "runtime-extensions-components.yaml", 1},
		{"unknown type", "Nope", "x.yaml", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := ComponentsFileName(layout.Type(c.typ), c.file); len(got) != c.want {
				t.Errorf("ComponentsFileName(%s, %s) = %v, want %d findings", c.typ, c.file, got, c.want)
			}
		})
	}
}

func TestWithDefaults(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in, want string
		ok             bool
	}{
		{"plain", "quick-start", "quick-start", true},
		{"colon equals", "${CC:=quick-start}", "quick-start", true},
		{"equals", "${CC=dev}", "dev", true},
		{"colon dash in text", "cc-${V:-v1}", "cc-v1", true},
		{"no default", "${CC}", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, ok := withDefaults(c.in)
			if got != c.want || ok != c.ok {
				t.Errorf("withDefaults(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
			}
		})
	}
}

func TestRulesAreComplete(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] || r.Contract == "" || (r.Severity != lint.Error && r.Severity != lint.Warning && r.Severity != lint.Note) {
			t.Errorf("rule %+v: duplicate id, empty contract or odd severity", r)
		}
		seen[r.ID] = true
	}
}

// TestFindingsPointAtAliasedValues: anchors and aliases are followed.
func TestFindingsPointAtAliasedValues(t *testing.T) {
	t.Parallel()
	in := nsFoo + "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n  namespace: foo-system\nspec:\n  template:\n    spec:\n      containers: &c\n      - name: manager\n        image: busybox\n---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: ds\n  namespace: foo-system\nspec:\n  template:\n    spec:\n      containers: *c\n"
	fs := Components(Input{File: "c.yaml", Docs: split(t, in)})
	if got := reported(fs, ruleImageName.ID); strings.Join(got, " ") != "c.yaml:16 c.yaml:16" {
		t.Errorf("image findings at %v, want twice c.yaml:16: %v", got, fs)
	}
}

// TestContractLabelVersions: only the highest version of the label Cluster API reads
// is held to the MUST (it sorts the versions); other listed versions warn once per CRD.
func TestContractLabelVersions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, v1beta1, v1beta2, contract string
		want                             string // "rule:line ..." of the label findings
	}{
		{"highest version is used, not the last listed", "v1alpha1", "v1beta1_v1alpha1", "v1beta2", "crd-contract-label-served:11"},
		{"unserved highest version of the contract's label", "v1beta1", "v1alpha1", "v1beta2", "crd-contract-label:12"},
		{"unserved earlier version only warns", "v1alpha1", "v1alpha1_v1beta1", "v1beta2", "crd-contract-label-served:11"},
		{"newest label is read without contract", "v1beta1", "v1alpha1", "", "crd-contract-label:12"},
		{"a v1beta2 core reads the v1beta2 label of a v1beta1 release first", "v1beta1", "v1alpha1", "v1beta1", "crd-contract-label:12"},
		{"a v1beta1 release without a v1beta2 label", "v1beta1", "", "v1beta1", ""},
		{"undefined last version", "v1beta1", "v1beta1_v1beta2", "v1beta2", "crd-contract-label:12"},
		{"undefined versions: one stale finding", "v1alpha3_v1alpha4", "v1alpha2_v1beta1", "v1beta2", "crd-contract-label-stale:11"},
		{"CAPA commonLabels", "v1alpha1_v1beta1", "v1beta1", "v1beta1", "crd-contract-label-served:11"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			crdDoc := "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: fooclusters.infrastructure.cluster.x-k8s.io\n  labels:\n    cluster.x-k8s.io/v1beta1: " + c.v1beta1 + "\n    cluster.x-k8s.io/v1beta2: " + c.v1beta2 + "\nspec:\n  group: infrastructure.cluster.x-k8s.io\n  names: {kind: FooCluster, plural: fooclusters}\n  scope: Namespaced\n  versions: [{name: v1alpha1, served: false}, {name: v1beta1, served: true, storage: true}]\n"
			in := Input{File: "c.yaml", Docs: split(t, nsFoo+"---\n"+crdDoc), Type: layout.InfrastructureProvider, Contract: c.contract}
			var got []string
			for _, f := range Components(in) {
				if strings.HasPrefix(f.Rule, "crd-contract-label") {
					got = append(got, fmt.Sprintf("%s:%d", f.Rule, f.Line))
				}
			}
			slices.Sort(got)
			if strings.Join(got, " ") != c.want {
				t.Errorf("label findings %v, want %s", got, c.want)
			}
		})
	}
}
