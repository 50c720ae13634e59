package e2e

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/operator"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2"
	"oras.land/oras-go/v2/registry/remote"
)

// TestOperatorPluginRefusesClusterctlNames is the control of the operator tests: a
// runtime extension pushed as `oras push` would push it (clusterctl's file names only)
// is not installable, which is why publish oci adds runtimeextension-components.yaml.
func TestOperatorPluginRefusesClusterctlNames(t *testing.T) {
	plugin := operator.Find(t)
	reg := registry.New(t)
	ctx := context.Background()
	repo, err := remote.NewRepository(reg.Host + "/capi/runtime-extension-hooks")
	if err != nil {
		t.Fatal(err)
	}
	repo.PlainHTTP = true
	var layers []ocispec.Descriptor
	for name, data := range map[string]string{"metadata.yaml": metadataYAML, "runtime-extension-components.yaml": "kind: Namespace\n"} {
		d := ocispec.Descriptor{MediaType: "application/vnd.oci.image.layer.v1.tar", Digest: digest.FromString(data), Size: int64(len(data)),
			Annotations: map[string]string{ocispec.AnnotationTitle: name}}
		if err := repo.Push(ctx, d, bytes.NewReader([]byte(data))); err != nil {
			t.Fatal(err)
		}
		layers = append(layers, d)
	}
	m, err := oras.PackManifest(ctx, repo, oras.PackManifestVersion1_1, "application/vnd.unknown.artifact.v1", oras.PackManifestOptions{Layers: layers})
	if err != nil {
		t.Fatal(err)
	}
	if err := repo.Tag(ctx, m, "v0.3.0"); err != nil {
		t.Fatal(err)
	}
	out, errOut, err := plugin.Run(t, "preload", "--runtime-extension", "hooks::v0.3.0", "-u", "http://"+reg.Host+"/capi/runtime-extension-hooks")
	if err == nil || !strings.Contains(errOut, "runtimeextension-components.yaml") {
		t.Fatalf("want the plugin to miss runtimeextension-components.yaml; err %v\n%s%s", err, out, errOut)
	}
}
