package check

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
)

const meta = "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n"

func rel(files map[string]string) *release.Release {
	r := &release.Release{Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "x"}, Version: "v1.0.0", ComponentsFile: "infrastructure-components.yaml"}
	for n, d := range files {
		r.Files = append(r.Files, release.File{Name: n, Data: []byte(d)})
	}
	r.Sort()
	return r
}

func rules(fs lint.Findings) string {
	var ids []string
	for _, f := range fs {
		ids = append(ids, string(f.Severity)+":"+f.Rule)
	}
	return strings.Join(ids, ",")
}

func TestTemplateValidOnlyAfterSubstitution(t *testing.T) {
	t.Parallel()
	tpl := "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\nspec:\n  paused: false\n  ${EXTRA_SPEC}\n"
	fs := Release(rel(map[string]string{"metadata.yaml": meta, "cluster-template.yaml": tpl}), Options{})
	if fs.HasErrors() || !strings.Contains(rules(fs), "note:"+ruleSubstituted) {
		t.Fatalf("findings = %v", fs)
	}
	broken := "kind: [\n"
	fs = Release(rel(map[string]string{"metadata.yaml": meta, "cluster-template.yaml": broken}), Options{})
	if !strings.Contains(rules(fs), "error:yaml-parse") {
		t.Fatalf("broken template not reported: %v", fs)
	}
}

func TestPartialSkipsCrossFileRules(t *testing.T) {
	t.Parallel()
	tpl := "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: c\n  namespace: ${NAMESPACE}\nspec:\n  topology:\n    class: quick-start\n    version: v1.30.0\n"
	r := rel(map[string]string{"cluster-template.yaml": tpl})
	if got := rules(Release(r, Options{})); !strings.Contains(got, "template-clusterclass-missing") {
		t.Fatalf("whole release: want template-clusterclass-missing, got %s", got)
	}
	if got := rules(Release(r, Options{Partial: true})); strings.Contains(got, "template-clusterclass-missing") {
		t.Fatalf("partial: cross-file rule kept: %s", got)
	}
}

func TestRulesAreUnique(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
	}
}

// Proxmox's flatcar flavor: YAML only after clusterctl's legacy normalisation and
// substitution (`[ ${ VM_SSH_KEYS } ]`); clusterctl v1.13 and v1.14 generate it.
func TestTemplateWithLegacySpacesValidAfterSubstitution(t *testing.T) {
	t.Parallel()
	tpl := "apiVersion: bootstrap.cluster.x-k8s.io/v1beta1\nkind: KubeadmConfigTemplate\nmetadata:\n  name: ${CLUSTER_NAME}-worker\nspec:\n  template:\n    spec:\n      users:\n      - name: core\n        sshAuthorizedKeys: [ ${ VM_SSH_KEYS } ]\n"
	fs := Release(rel(map[string]string{"metadata.yaml": meta, "cluster-template-flatcar.yaml": tpl}), Options{Partial: true})
	if strings.Contains(rules(fs), "yaml-parse") || !strings.Contains(rules(fs), "note:"+ruleSubstituted) {
		t.Fatalf("findings = %v", fs)
	}
}

// TestCRDContractsOrder: labels of contract kinds come out sorted and once, whatever
// the map order of the labels or the order of the CRDs; other kinds' labels are left out.
func TestCRDContractsOrder(t *testing.T) {
	t.Parallel()
	crd := func(kind, labels string) string {
		return "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: xs.infrastructure.cluster.x-k8s.io\n  labels: {" + labels + "}\nspec:\n  group: infrastructure.cluster.x-k8s.io\n  names: {kind: " + kind + "}\n"
	}
	data := crd("XCluster", "cluster.x-k8s.io/v1beta2: v1, cluster.x-k8s.io/v1beta1: v1, app: x") + "---\n" + crd("XMachine", "cluster.x-k8s.io/v1alpha4: v1, cluster.x-k8s.io/v1beta1: v1") +
		"---\n" + crd("XIdentity", "cluster.x-k8s.io/v1alpha3: v1") // no contract kind: its label is not read
	for range 20 {
		docs, err := manifest.Split([]byte(data))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(CRDContracts(docs), ","); got != "v1alpha4,v1beta1,v1beta2" {
			t.Fatalf("CRDContracts = %s, want v1alpha4,v1beta1,v1beta2", got)
		}
	}
}

// TestIPAMPoolLabelsNotRead: the contract labels on kinds Cluster API does not read
// through a contract (metal3's IPAM pools in ipam.metal3.io) do not count against
// the metadata's contract; a contract kind's do.
func TestIPAMPoolLabelsNotRead(t *testing.T) {
	t.Parallel()
	v1beta2 := strings.Replace(meta, "v1beta1", "v1beta2", 1)
	crd := func(group, kind string) string {
		return "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: " + strings.ToLower(kind) + "s." + group +
			"\n  labels: {cluster.x-k8s.io/v1beta1: v1alpha1}\nspec:\n  group: " + group + "\n  names: {kind: " + kind + ", plural: " + strings.ToLower(kind) + "s}\n  scope: Namespaced\n  versions: [{name: v1alpha1, served: true, storage: true}]\n"
	}
	ns := "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x-system\n"
	pools := ns + crd("ipam.metal3.io", "IPPool") + crd("ipam.metal3.io", "IPClaim")
	r := rel(map[string]string{"metadata.yaml": v1beta2, "infrastructure-components.yaml": pools})
	r.Type, r.ComponentsFile = layout.IPAMProvider, "infrastructure-components.yaml"
	if got := rules(Release(r, Options{})); strings.Contains(got, "metadata-crd-contract") {
		t.Errorf("IPAM pools: %s", got)
	}
	r = rel(map[string]string{"metadata.yaml": v1beta2, "infrastructure-components.yaml": ns + crd("infrastructure.cluster.x-k8s.io", "XCluster")})
	if got := rules(Release(r, Options{})); !strings.Contains(got, "warning:metadata-crd-contract-compat") {
		t.Errorf("contract kind labelled v1beta1 under a v1beta2 release: %s", got)
	}
}
