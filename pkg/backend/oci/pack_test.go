package oci

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

func TestPackIsReproducible(t *testing.T) {
	opts := PackOptions{Source: "https://github.com/x/y", Created: time.Unix(1700000000, 0)}
	a, err := packRelease(rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n"), opts)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := packRelease(rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n"), opts)
	if !bytes.Equal(a.Manifest, b.Manifest) || a.Desc.Digest != b.Desc.Digest {
		t.Fatalf("same inputs, different manifests:\n%s\n%s", a.Manifest, b.Manifest)
	}
	c, _ := packRelease(rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: B\n"), opts)
	if c.Desc.Digest == a.Desc.Digest {
		t.Fatal("different components, same digest")
	}
}

func TestPackManifestShape(t *testing.T) {
	a, err := packRelease(rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n"),
		PackOptions{Source: "https://example.com/src", Created: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	var m ocispec.Manifest
	if err := json.Unmarshal(a.Manifest, &m); err != nil {
		t.Fatal(err)
	}
	if m.ArtifactType != ArtifactType || m.Config.Digest != ocispec.DescriptorEmptyJSON.Digest || m.MediaType != ocispec.MediaTypeImageManifest {
		t.Errorf("manifest header = %s %s %s", m.MediaType, m.ArtifactType, m.Config.Digest)
	}
	want := map[string]string{AnnotationTitle: "infrastructure-aws", AnnotationVersion: "v1.2.3",
		AnnotationSource: "https://example.com/src", AnnotationCreated: "1970-01-01T00:00:00Z",
		AnnotationProviderType: "infrastructure", AnnotationProviderName: "aws"}
	for k, v := range want {
		if m.Annotations[k] != v {
			t.Errorf("annotation %s = %q, want %q", k, m.Annotations[k], v)
		}
	}
	var titles []string
	for _, l := range m.Layers {
		titles = append(titles, l.Annotations[AnnotationTitle])
		if !bytes.Equal(a.Blobs[l.Digest], filesOf(a)[l.Annotations[AnnotationTitle]]) {
			t.Errorf("layer %s blob does not hold the file", l.Annotations[AnnotationTitle])
		}
	}
	if got := join(titles); got != "cluster-template.yaml,infrastructure-components.yaml,metadata.yaml" {
		t.Errorf("layer titles = %s", got)
	}
}

func TestPackRuntimeExtensionAlias(t *testing.T) {
	a, err := packRelease(rel(layout.RuntimeExtensionProvider, "ext", "v0.1.0", "kind: X\n"), PackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := map[string]string{}
	for _, l := range a.Layers {
		d[l.Title] = string(l.Desc.Digest)
	}
	if d[RuntimeExtensionAlias] == "" || d[RuntimeExtensionAlias] != d["runtime-extension-components.yaml"] {
		t.Fatalf("alias layer = %q, components layer = %q: want the same blob", d[RuntimeExtensionAlias], d["runtime-extension-components.yaml"])
	}
	if len(a.blobDescs()) != 4 { // config, metadata, components, template: the alias adds no blob
		t.Errorf("distinct blobs = %d, want 4", len(a.blobDescs()))
	}
	if _, err := match(filesOf(a), layout.RuntimeExtensionProvider, "ext", "v0.1.0"); err != nil {
		t.Errorf("operator rules: %v", err)
	}
}

func TestPackBundleFullNames(t *testing.T) {
	b := rel(layout.BootstrapProvider, "kubeadm", "v1.10.0", "kind: B\n")
	c := rel(layout.ControlPlaneProvider, "kubeadm", "v1.10.0", "kind: C\n")
	a, err := packBundle("kubeadm", "v1.10.0", []*release.Release{b, c}, PackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	files := filesOf(a)
	for _, r := range []*release.Release{b, c} {
		f, err := match(files, r.Type, r.Name, r.Version.String())
		if err != nil {
			t.Fatal(err)
		}
		if want := fullName(r.Type, "kubeadm", "v1.10.0", "components.yaml"); f.Components != want {
			t.Errorf("components title = %s, want %s", f.Components, want)
		}
		if !bytes.Equal(files[f.Components], r.File(r.ComponentsFile).Data) {
			t.Errorf("%s: components bytes differ", r)
		}
	}
	if _, err := packBundle("kubeadm", "latest", []*release.Release{b}, PackOptions{}); err == nil {
		t.Error("bundle tag latest accepted, want a version")
	}
}

func TestMatchFailsLikeTheOperator(t *testing.T) {
	_, err := match(map[string][]byte{"metadata.yaml": nil, "runtime-extension-components.yaml": nil},
		layout.RuntimeExtensionProvider, "ext", "v0.1.0")
	if err == nil {
		t.Fatal("runtime-extension-components.yaml alone matched; the operator does not find it")
	}
}

func TestPackCreatedForVersion(t *testing.T) {
	opts := PackOptions{Created: time.Unix(5, 0), CreatedFor: func(v string) time.Time {
		if v == "v1.2.3" {
			return time.Unix(1700000000, 0)
		}
		return time.Time{}
	}}
	for version, want := range map[string]string{"v1.2.3": "2023-11-14T22:13:20Z", "v1.2.4": "1970-01-01T00:00:05Z"} {
		a, err := packRelease(rel(layout.InfrastructureProvider, "aws", version, "kind: A\n"), opts)
		if err != nil {
			t.Fatal(err)
		}
		var m ocispec.Manifest
		if err := json.Unmarshal(a.Manifest, &m); err != nil {
			t.Fatal(err)
		}
		if got := m.Annotations[AnnotationCreated]; got != want {
			t.Errorf("%s: created = %s, want %s", version, got, want)
		}
	}
}
