package inventory

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/variables"
)

// fixture is the release of ../diff/testdata/base.
func fixture(t *testing.T) []release.File {
	t.Helper()
	names, _ := filepath.Glob("../diff/testdata/base/*.yaml")
	var out []release.File
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, release.File{Name: filepath.Base(n), Data: data})
	}
	if len(out) == 0 {
		t.Fatal("no fixture")
	}
	return out
}

// TestFacts: the facts of the fixture release, one kind at a time.
func TestFacts(t *testing.T) {
	t.Parallel()
	r := Of(Input{Label: "infrastructure-acme", Version: "v1.2.0", Source: "test", Files: fixture(t), Unread: []string{"checksums.txt"}})
	crd := r.CRD("acmeclusters.infrastructure.cluster.x-k8s.io")
	if crd == nil || crd.Group != "infrastructure.cluster.x-k8s.io" || crd.Kind != "AcmeCluster" || crd.Scope != "Namespaced" ||
		crd.StorageVersion() != "v1beta1" || len(crd.Versions) != 2 || !crd.Versions[0].Served || crd.Versions[0].Storage ||
		!reflect.DeepEqual(crd.Contracts, map[string]string{"v1beta1": "v1alpha1_v1beta1"}) || crd.Line != 9 {
		t.Errorf("CRD %+v", crd)
	}
	if crd.Conversion.Strategy != "Webhook" || crd.Conversion.Service != "capa-system/capa-webhook-service" || !reflect.DeepEqual(crd.Conversion.Reviews, []string{"v1"}) {
		t.Errorf("conversion %+v", crd.Conversion)
	}
	if s := crd.Versions[1].Schema; s == nil || s.Line != 62 || !strings.Contains(string(s.Text), "controlPlaneEndpoint") {
		t.Errorf("v1beta1 schema %+v", s)
	}
	if len(r.Images) != 1 || r.Images[0].Ref != "registry.example.com/acme/cluster-api-acme-controller:v1.2.0" {
		t.Errorf("images %+v", r.Images)
	}
	if f := r.File("checksums.txt"); f == nil || f.Read || r.File("metadata.yaml").Kind != "metadata" {
		t.Errorf("files %+v", r.Files)
	}
	if r.Metadata == nil || len(r.Metadata.Series) != 2 {
		t.Errorf("metadata %+v", r.Metadata)
	}
	checkKinds(t, r)
	checkGrants(t, r)
	if len(r.Workloads) != 1 || r.Workloads[0].Containers[0].Args[2] != "--v=${ACME_LOG_LEVEL:=0}" {
		t.Errorf("workloads %+v", r.Workloads)
	}
}

func checkKinds(t *testing.T, r *Release) {
	t.Helper()
	got := map[string]bool{}
	for _, k := range r.Kinds {
		got[k.File+" "+k.APIVersion+" "+k.Kind] = k.Ref
	}
	for k, ref := range map[string]bool{
		"cluster-template.yaml cluster.x-k8s.io/v1beta1 Cluster":                              false,
		"cluster-template.yaml infrastructure.cluster.x-k8s.io/v1beta1 AcmeMachineTemplate":   true,
		"clusterclass-quick.yaml infrastructure.cluster.x-k8s.io/v1beta1 AcmeClusterTemplate": true,
	} {
		if r, ok := got[k]; !ok || r != ref {
			t.Errorf("kinds lack %q (ref %v): %v", k, ref, got)
		}
	}
}

func checkGrants(t *testing.T, r *Release) {
	t.Helper()
	n := 0
	for _, g := range r.RBAC {
		if g.Role == "capa-manager-role" && g.Cluster {
			n++
		}
	}
	if n != 3+2*5 { // secrets × 3 verbs, 2 resources × 5 verbs
		t.Errorf("%d grants of capa-manager-role, want 13: %+v", n, r.RBAC)
	}
}

// TestCacheSharesDocuments: a document two releases share is read once, and its facts
// carry each file's own lines.
func TestCacheSharesDocuments(t *testing.T) {
	t.Parallel()
	doc := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: shared, namespace: ns}\ndata: {image: x}\n"
	c := NewCache()
	a := c.Of(Input{Files: []release.File{{Name: "a-components.yaml", Data: []byte(doc)}}})
	b := c.Of(Input{Files: []release.File{{Name: "b-components.yaml", Data: []byte("apiVersion: v1\nkind: Namespace\nmetadata: {name: ns}\n---\n" + doc)}}})
	if len(c.docs) != 2 {
		t.Errorf("%d texts read, want 2", len(c.docs))
	}
	if a.Objects[0].Line != 1 || b.Objects[1].Line != 5 || a.Objects[0].File != "a-components.yaml" || b.Objects[1].Key != "ConfigMap ns/shared" {
		t.Errorf("objects %+v / %+v", a.Objects, b.Objects)
	}
}

// TestVariablesAsCollect: the variables read document by document are variables.Collect's
// on every fixture with variables, and a document boundary inside a variable falls back.
func TestVariablesAsCollect(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../variables/testdata/*/*/*.yaml")
	more, _ := filepath.Glob("../diff/testdata/base/*.yaml")
	inputs := map[string][]byte{"split": []byte("a: ${X:=1\n---\n}\nb: ${Y}\n"), "marker": []byte("a: 1\n--- # ${Z}\nb: ${Y}\n")}
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = data
	}
	if len(inputs) < 5 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	for name, data := range inputs {
		want, werr := variables.Collect("cluster-template.yaml", data)
		got, gerr := collectVariables("cluster-template.yaml", data, manifest.Texts(data))
		if (werr == nil) != (gerr == nil) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v (%v), want %+v (%v)", name, got, gerr, want, werr)
		}
	}
}
