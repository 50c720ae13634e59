package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// TestVerifyOCICoversTheOperatorsMetadata: the cluster-api-operator prefers
// <type>-<name>-<version>-metadata.yaml over metadata.yaml (its mapStore.GetMetadata).
// An artifact holding a signed build's files plus such a layer, with the build's bundle
// as its referrer, fails verify --verify-key naming the layer (not covered); the layer
// is linted as the metadata it is, so an invalid one fails even without a key.
func TestVerifyOCICoversTheOperatorsMetadata(t *testing.T) {
	t.Parallel()
	dir, pub := signedBuild(t)
	files := map[string]string{}
	for _, n := range []string{"bootstrap-components.yaml", "metadata.yaml"} {
		files[n] = readText(t, filepath.Join(dir, n))
	}
	bundle, err := os.ReadFile(filepath.Join(dir, bundleName))
	if err != nil {
		t.Fatal(err)
	}
	const extra = "bootstrap-tiny-v1.0.0-metadata.yaml"
	for name, c := range map[string]struct {
		data  string
		args  []string
		wants []string
		layer string // extra when ""
	}{
		"another provider object's name": {"apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta2}\n",
			[]string{"--verify-key", pub}, []string{"bootstrap-tiny/v1.0.0/bootstrap-mine-v1.0.0-metadata.yaml: error signature: not covered by the signature"}, "bootstrap-mine-v1.0.0-metadata.yaml"},
		"signed, another series": {"apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta2}\n",
			[]string{"--verify-key", pub}, []string{"bootstrap-tiny/v1.0.0/" + extra + ": error signature: not covered by the signature"}, ""},
		"invalid, no key": {"releaseSeries: [\n", nil, []string{"bootstrap-tiny/v1.0.0/" + extra + ": error repo-metadata-invalid"}, ""},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			reg := registry.New(t)
			repo := reg.Host + "/capi/bootstrap-tiny"
			layer := extra
			if c.layer != "" {
				layer = c.layer
			}
			withExtra := map[string]string{layer: c.data}
			for n, d := range files {
				withExtra[n] = d
			}
			pushFiles(t, repo, "v1.0.0", withExtra)
			attachReferrer(t, repo, "v1.0.0", bundle)
			args := append([]string{"verify", "--plain-http", "oci://" + repo}, c.args...)
			code, out, errOut := runEnv(t, ociEnv(t), args...)
			for _, want := range c.wants {
				if code != ExitFindings || !strings.Contains(out+errOut, want) {
					t.Errorf("exit %d, want %d and %q\n%s%s", code, ExitFindings, want, out, errOut)
				}
			}
		})
	}
}

// attachReferrer attaches bundle to repo:tag as a sigstore bundle referrer, as
// publish oci does (an attacker can copy a release's referrer to another manifest).
func attachReferrer(t *testing.T, repoRef, tag string, bundle []byte) {
	t.Helper()
	ctx := context.Background()
	repo, err := regclient.Remote{PlainHTTP: true}.Repository(repoRef)
	if err != nil {
		t.Fatal(err)
	}
	subject, err := repo.Resolve(ctx, tag)
	if err != nil {
		t.Fatal(err)
	}
	layer := ocispec.Descriptor{MediaType: oci.SigstoreBundleType, Digest: digest.FromBytes(bundle), Size: int64(len(bundle))}
	m := ocispec.Manifest{MediaType: ocispec.MediaTypeImageManifest, ArtifactType: oci.SigstoreBundleType, Config: ocispec.DescriptorEmptyJSON,
		Layers: []ocispec.Descriptor{layer}, Subject: &ocispec.Descriptor{MediaType: subject.MediaType, Digest: subject.Digest, Size: subject.Size}}
	m.SchemaVersion = 2
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	for d, data := range map[*ocispec.Descriptor][]byte{&ocispec.DescriptorEmptyJSON: ocispec.DescriptorEmptyJSON.Data, &layer: bundle} {
		if err := repo.Push(ctx, *d, bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
	}
	desc := ocispec.Descriptor{MediaType: ocispec.MediaTypeImageManifest, ArtifactType: oci.SigstoreBundleType, Digest: digest.FromBytes(raw), Size: int64(len(raw))}
	if err := repo.Push(ctx, desc, bytes.NewReader(raw)); err != nil {
		t.Fatal(err)
	}
}
