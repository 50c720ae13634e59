package configmap

import (
	"bytes"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/capirepo/capirepo/pkg/layout"
)

// upgradeSet is two versions of an infrastructure provider and one of core.
func upgradeSet(t *testing.T) []*ConfigMap {
	return []*ConfigMap{
		mustNew(t, rel(layout.InfrastructureProvider, "sample", "v1.3.0", small("sample-system")), "sample-system"),
		mustNew(t, rel(layout.InfrastructureProvider, "sample", "v1.2.1", small("sample-system")), "sample-system"),
		mustNew(t, rel(layout.CoreProvider, "cluster-api", "v1.3.0", small("capi-system")), "capi-system"),
	}
}

func TestRenderOrdersAndNamesFiles(t *testing.T) {
	files, err := Render(upgradeSet(t))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	want := "00-namespace-capi-system.yaml 00-namespace-sample-system.yaml 10-configmap-core-cluster-api-v1.3.0.yaml " +
		"10-configmap-infrastructure-sample-v1.2.1.yaml 10-configmap-infrastructure-sample-v1.3.0.yaml " +
		"20-provider-core-cluster-api.yaml 20-provider-infrastructure-sample.yaml"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("files\n%s\nwant\n%s", got, want)
	}
	again, _ := Render(upgradeSet(t))
	for i := range files {
		if !bytes.Equal(files[i].Data, again[i].Data) {
			t.Errorf("%s differs between two renders", files[i].Name)
		}
	}
}

func TestProviderObjectSelectsOneConfigMapPerVersion(t *testing.T) {
	cms := upgradeSet(t)
	for _, p := range providers(cms) {
		if p.APIVersion != OperatorAPIVersion || layout.OperatorType(layout.Type(p.Kind)) == "" {
			t.Errorf("%s: not an operator provider object (%s)", p.Ref(), p.APIVersion)
		}
		perVersion := map[string]int{}
		for _, cm := range cms {
			if cm.Metadata.Namespace == p.Metadata.Namespace && p.Spec.FetchConfig.Selector.Matches(cm.Metadata.Labels) {
				perVersion[cm.Metadata.Labels[LabelVersion]]++
			}
		}
		want := map[string]map[string]int{
			"InfrastructureProvider sample-system/sample": {"v1.2.1": 1, "v1.3.0": 1},
			"CoreProvider capi-system/cluster-api":        {"v1.3.0": 1},
		}[p.Ref()]
		if len(perVersion) != len(want) || perVersion["v1.3.0"] != 1 || len(want) == 2 && perVersion["v1.2.1"] != 1 {
			t.Errorf("%s selects %v, want %v", p.Ref(), perVersion, want)
		}
		if p.Spec.Version != "v1.3.0" {
			t.Errorf("%s: spec.version %s, want the newest v1.3.0", p.Ref(), p.Spec.Version)
		}
	}
}

// TestRenderedSchema checks what kubectl would: each file one object with apiVersion,
// kind, a valid name, and the provider object's fields where the operator's CRD has them.
func TestRenderedSchema(t *testing.T) {
	files, _ := Render(upgradeSet(t))
	for _, f := range files {
		var o map[string]any
		if err := yaml.Unmarshal(f.Data, &o); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		meta, _ := o["metadata"].(map[string]any)
		name, _ := meta["name"].(string)
		if o["apiVersion"] == nil || o["kind"] == nil || checkName("object", name) != nil {
			t.Errorf("%s: not a valid object: %v", f.Name, o)
		}
		if o["kind"] == "InfrastructureProvider" {
			sel := o["spec"].(map[string]any)["fetchConfig"].(map[string]any)["selector"].(map[string]any)["matchLabels"]
			want := map[string]any{LabelName: "sample", LabelType: "infrastructure"}
			if !equalMaps(sel.(map[string]any), want) || meta["namespace"] != "sample-system" {
				t.Errorf("%s: selector %v, want %v", f.Name, sel, want)
			}
		}
	}
}

func equalMaps(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestRenderRefusesOneProviderInTwoNamespaces(t *testing.T) {
	a := mustNew(t, rel(layout.InfrastructureProvider, "sample", "v1.3.0", small("x")), "one")
	b := mustNew(t, rel(layout.InfrastructureProvider, "sample", "v1.2.0", small("x")), "two")
	_, err := Render([]*ConfigMap{a, b})
	wantErr(t, err, "20-provider-infrastructure-sample.yaml is written twice")
}
