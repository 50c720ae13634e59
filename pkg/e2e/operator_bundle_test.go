package e2e

import (
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/output"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/operator"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

const metadataYAML = "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- major: 1\n  minor: 10\n  contract: v1beta1\n"

// providerRelease is a small release of any type; its components name the provider.
func providerRelease(typ layout.Type, name, version string) *release.Release {
	comp := "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + name + "-system\n  labels:\n    cluster.x-k8s.io/provider: " + layout.Label(typ, name) + "\n"
	r := &release.Release{Provider: layout.Provider{Type: typ, Name: name}, Version: layout.NamedVersion(version), ComponentsFile: layout.ComponentsFile(typ), Files: []release.File{
		{Name: "metadata.yaml", Data: []byte(metadataYAML)},
		{Name: layout.ComponentsFile(typ), Data: []byte(comp)},
	}}
	r.Sort()
	return r
}

// writeDist writes a build output folder holding the releases.
func writeDist(t *testing.T, rels ...*release.Release) string {
	t.Helper()
	dist := filepath.Join(t.TempDir(), "dist")
	if _, err := output.Write(dist, &release.Set{Releases: rels}); err != nil {
		t.Fatal(err)
	}
	return dist
}

func TestPublishOCIBundleWithOperatorPlugin(t *testing.T) {
	plugin := operator.Find(t)
	reg := registry.New(t)
	dist := writeDist(t, providerRelease(layout.BootstrapProvider, "kubeadm", "v1.10.0"), providerRelease(layout.ControlPlaneProvider, "kubeadm", "v1.10.0"))
	if code, out, errOut := capirepoEnv(t, map[string]string{}, "publish", "oci", "--from", dist, "--to", reg.Host+"/capi", "--plain-http", "--bundle", "kubeadm"); code != 0 {
		t.Fatalf("publish oci --bundle: exit %d\n%s%s", code, out, errOut)
	}
	pre := plugin.MustRun(t, "preload", "--bootstrap", "kubeadm::v1.10.0", "--control-plane", "kubeadm::v1.10.0", "-u", "http://"+reg.Host+"/capi/kubeadm")
	cms := configMaps(t, pre)
	wantFiles(t, cms["bootstrap-kubeadm-v1.10.0"], filepath.Join(dist, "bootstrap-kubeadm", "v1.10.0"), "bootstrap-components.yaml")
	wantFiles(t, cms["control-plane-kubeadm-v1.10.0"], filepath.Join(dist, "control-plane-kubeadm", "v1.10.0"), "control-plane-components.yaml")
}

func TestPublishOCIRuntimeExtensionWithOperatorPlugin(t *testing.T) {
	plugin := operator.Find(t)
	reg := registry.New(t)
	dist := writeDist(t, providerRelease(layout.RuntimeExtensionProvider, "hooks", "v0.3.0"))
	if code, out, errOut := capirepoEnv(t, map[string]string{}, "publish", "oci", "--from", dist, "--to", reg.Host+"/capi", "--plain-http"); code != 0 {
		t.Fatalf("publish oci: exit %d\n%s%s", code, out, errOut)
	}
	pre := plugin.MustRun(t, "preload", "--runtime-extension", "hooks::v0.3.0", "-u", "http://"+reg.Host+"/capi/runtime-extension-hooks")
	// The operator names runtime extensions "runtimeextension"; it finds the alias layer.
	cms := configMaps(t, pre)
	wantFiles(t, cms["runtimeextension-hooks-v0.3.0"], filepath.Join(dist, "runtime-extension-hooks", "v0.3.0"), "runtime-extension-components.yaml")
}
