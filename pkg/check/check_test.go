package check

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
)

const meta = "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n"

func rel(files map[string]string) *release.Release {
	r := &release.Release{Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "x"}, Version: layout.NamedVersion("v1.0.0"), ComponentsFile: "infrastructure-components.yaml"}
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
		if got := strings.Join(crdContracts(docs), ","); got != "v1alpha4,v1beta1,v1beta2" {
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

// TestTemplateParsedAfterSubstitution: clusterctl substitutes before it parses, so a
// template that is YAML only once its variables have values (`[${A}, ${B}]` with
// every variable empty is `[, ]`, `${K}: ${V}` is `: `, a whole-line ${VAR} injects
// a block) is no yaml-parse error; its objects keep the variables as written.
func TestTemplateParsedAfterSubstitution(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/cluster-template-keys.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fs := Release(rel(map[string]string{"metadata.yaml": meta, "cluster-template-keys.yaml": string(data)}), Options{Partial: true})
	if fs.HasErrors() || !strings.Contains(rules(fs), "note:"+ruleSubstituted) || strings.Contains(rules(fs), "template-namespace-hardcoded") {
		t.Fatalf("findings = %v", fs)
	}
	docs, how, err := splitTemplate(data)
	if err != nil || how != placeholders || len(docs) != 3 {
		t.Fatalf("splitTemplate: %d docs, how %d, err %v", len(docs), how, err)
	}
	spec := docs[1].Obj.Map("spec")
	if fmt.Sprint(spec["sshKeys"]) != "[${FOO_SSH_KEY_ONE} ${FOO_SSH_KEY_TWO}]" || spec["tags"].(map[string]any)["${FOO_TAG_KEY}"] != "${FOO_TAG_VALUE}" {
		t.Errorf("variables not restored: %v", spec)
	}
	if n := manifest.MapValue(docs[0].Node, "metadata"); manifest.MapValue(n, "namespace").Value != "${NAMESPACE}" {
		t.Errorf("node not restored: %q", manifest.MapValue(n, "namespace").Value)
	}
}

// TestTemplateDefaultSpanningLines: a variable whose default is a block of YAML over
// several lines (Harvester's `${UPDATE_CLOUD_PROVIDER:-  updateCloudProviderConfig: ...}`)
// has no placeholder; clusterctl renders its default when the variable is unset, and
// that parses: no yaml-parse error, the substitution note; the same file with the
// default's block broken is still an error.
func TestTemplateDefaultSpanningLines(t *testing.T) {
	t.Parallel()
	tpl := "apiVersion: infrastructure.cluster.x-k8s.io/v1beta1\nkind: FooCluster\nmetadata:\n  name: ${CLUSTER_NAME}\n" +
		"spec:\n  server: ${FOO_ENDPOINT} \n  identitySecret: \n    name: foo-identity\n" +
		"${UPDATE_CLOUD_PROVIDER:-  updateCloudProviderConfig: \n    manifestsConfigMapKey: deploy.yaml\n    manifestsConfigMapNamespace: ${NAMESPACE}\n    }\n"
	fs := Release(rel(map[string]string{"metadata.yaml": meta, "cluster-template.yaml": tpl}), Options{Partial: true})
	if fs.HasErrors() || !strings.Contains(rules(fs), "note:"+ruleSubstituted) {
		t.Fatalf("findings = %v", fs)
	}
	broken := strings.Replace(tpl, "    manifestsConfigMapKey", "   manifestsConfigMapKey", 1)
	fs = Release(rel(map[string]string{"metadata.yaml": meta, "cluster-template.yaml": broken}), Options{Partial: true})
	if !strings.Contains(rules(fs), "error:yaml-parse") {
		t.Fatalf("broken default: findings = %v", fs)
	}
}

// TestTemplateRealFaultLine: a fault clusterctl also meets after substitution is
// reported at its own line, not at an earlier `[${KEYS}]` that hides it from a parse
// as written.
func TestTemplateRealFaultLine(t *testing.T) {
	t.Parallel()
	tpl := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${CLUSTER_NAME}\n  labels: {keys: [${KEYS}, b]}\ndata:\n  a: b\n   c: d\n"
	fs := Release(rel(map[string]string{"metadata.yaml": meta, "cluster-template.yaml": tpl}), Options{Partial: true})
	if len(fs) != 1 || fs[0].Rule != "yaml-parse" || fs[0].Line != 8 {
		t.Fatalf("want one yaml-parse at line 8, got %v", fs)
	}
}
