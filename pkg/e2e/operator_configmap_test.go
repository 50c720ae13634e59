package e2e

import (
	"maps"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/configmap"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/operator"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// publishBoth publishes dist to the registry (publish oci) and into a ConfigMap
// folder (publish configmaps), and returns the folder's ConfigMap called name.
func publishBoth(t *testing.T, reg *registry.Server, dist, name string) *configmap.ConfigMap {
	t.Helper()
	out := filepath.Join(t.TempDir(), "operator")
	for _, args := range [][]string{
		{"publish", "oci", "--from", dist, "--to", reg.Host + "/capi", "--plain-http"},
		{"publish", "configmaps", "--from", dist, "--to", out},
	} {
		if code, stdout, stderr := capirepoEnv(t, map[string]string{}, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}
	c, err := configmap.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.ConfigMaps {
		if f.Obj.Metadata.Name == name {
			return f.Obj
		}
	}
	t.Fatalf("publish configmaps wrote no ConfigMap %s", name)
	return nil
}

// preloaded runs the real plugin's preload of ref for one provider and returns the one
// ConfigMap it prints.
func preloaded(t *testing.T, flag, provider, ref string) *configmap.ConfigMap {
	t.Helper()
	out := operator.Find(t).MustRun(t, "preload", "--"+flag, provider, "-u", ref)
	var c configmap.Contents
	if err := c.Parse("plugin output", []byte(out)); err != nil {
		t.Fatal(err)
	}
	if len(c.ConfigMaps) != 1 {
		t.Fatalf("plugin printed %d ConfigMaps, want 1:\n%s", len(c.ConfigMaps), out)
	}
	return c.ConfigMaps[0].Obj
}

// sameConfigMap checks capirepo's ConfigMap against the plugin's: name, namespace,
// labels and annotations (less the source label and annotation only an OCI fetch adds),
// metadata and components (decompressed), and the compressed form.
func sameConfigMap(t *testing.T, ours, theirs *configmap.ConfigMap) {
	t.Helper()
	labels := maps.Clone(theirs.Metadata.Labels)
	if labels["provider.cluster.x-k8s.io/source"] != "oci" {
		t.Errorf("the plugin's labels lack the OCI source label: %v", labels)
	}
	delete(labels, "provider.cluster.x-k8s.io/source")
	notes := maps.Clone(theirs.Metadata.Annotations)
	delete(notes, "provider.cluster.x-k8s.io/source")
	if len(notes) == 0 {
		notes = nil
	}
	if ours.Metadata.Name != theirs.Metadata.Name || ours.Metadata.Namespace != theirs.Metadata.Namespace {
		t.Errorf("capirepo writes %s, the plugin %s", ours.Ref(), theirs.Ref())
	}
	if !reflect.DeepEqual(ours.Metadata.Labels, labels) || !reflect.DeepEqual(ours.Metadata.Annotations, notes) {
		t.Errorf("labels/annotations: capirepo %v %v, the plugin %v %v", ours.Metadata.Labels, ours.Metadata.Annotations, theirs.Metadata.Labels, theirs.Metadata.Annotations)
	}
	if ours.Compressed() != theirs.Compressed() || ours.Data[configmap.KeyMetadata] != theirs.Data[configmap.KeyMetadata] {
		t.Errorf("compressed %v (plugin %v), or data.metadata differs", ours.Compressed(), theirs.Compressed())
	}
	a, errA := configmap.Components(ours)
	b, errB := configmap.Components(theirs)
	if errA != nil || errB != nil || string(a) != string(b) {
		t.Errorf("components differ (%d and %d bytes; %v %v)", len(a), len(b), errA, errB)
	}
}

func TestConfigMapMatchesOperatorPlugin(t *testing.T) {
	operator.Find(t)
	reg := registry.New(t)
	ours := publishBoth(t, reg, buildExample(t, "v0.1.0"), "infrastructure-sample-v0.1.0")
	ns := ours.Metadata.Namespace // the example's components create sample-system
	theirs := preloaded(t, "infrastructure", "sample:"+ns+":v0.1.0", "http://"+reg.Host+"/capi/infrastructure-sample")
	if ours.Compressed() {
		t.Fatal("the example is compressed")
	}
	sameConfigMap(t, ours, theirs)
}

// bigRelease is a provider whose components are over 1 MiB and compress well.
func bigRelease(size int) *release.Release {
	r := providerRelease(layout.InfrastructureProvider, "big", "v1.10.2")
	comp := r.File(r.ComponentsFile)
	var b strings.Builder
	b.Write(comp.Data)
	for i := 0; b.Len() < size; i++ {
		b.WriteString("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: filler-" + strings.Repeat("x", i%40) + "\n  namespace: big-system\ndata:\n  text: " + strings.Repeat("lorem ipsum ", 60) + "\n")
	}
	comp.Data = []byte(b.String())
	return r
}

func TestCompressedConfigMapMatchesOperatorPlugin(t *testing.T) {
	operator.Find(t)
	reg := registry.New(t)
	ours := publishBoth(t, reg, writeDist(t, bigRelease(3<<20)), "infrastructure-big-v1.10.2")
	theirs := preloaded(t, "infrastructure", "big:big-system:v1.10.2", "http://"+reg.Host+"/capi/infrastructure-big")
	if !ours.Compressed() || !theirs.Compressed() {
		t.Fatalf("a 3 MiB provider is not compressed: capirepo %v, the plugin %v", ours.Compressed(), theirs.Compressed())
	}
	sameConfigMap(t, ours, theirs)
}
