package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/images"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2"
)

// ociEnv is an environment with no credentials and an empty Docker config, so no
// test reads the user's ~/.docker.
func ociEnv(t *testing.T, extra ...string) map[string]string {
	env := map[string]string{"DOCKER_CONFIG": t.TempDir(), "SOURCE_DATE_EPOCH": "1700000000"}
	for i := 0; i+1 < len(extra); i += 2 {
		env[extra[i]] = extra[i+1]
	}
	return env
}

// tinyImagesAt builds the tiny provider with its image on reg (pushed when push is set).
func tinyImagesAt(t *testing.T, reg *registry.Server, push bool) string {
	t.Helper()
	if push {
		reg.PushImage(t, "team/tiny:v1", registry.Image{Layers: 1, LayerSize: 64, Platforms: []string{"linux/amd64", "linux/arm64"}})
	}
	return buildTinyWith(t, func(f map[string]string) {
		f["config/all.yaml"] = strings.Replace(f["config/all.yaml"], "registry.example.com/tiny:v1", reg.Host+"/team/tiny:v1", 1)
	})
}

// imagesDir writes a repository-like folder whose components name the given images.
func imagesDir(t *testing.T, imgs ...string) string {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: m}\nspec:\n  template:\n    spec:\n      containers:\n")
	for _, im := range imgs {
		b.WriteString("      - name: c\n        image: " + im + "\n")
	}
	writeText(t, filepath.Join(dir, "infrastructure-x", "v1.0.0", "infrastructure-components.yaml"), b.String())
	return dir
}

// layoutWith writes an OCI layout folder holding one generated image.
func layoutWith(t *testing.T) string {
	t.Helper()
	src := registry.New(t)
	src.PushImage(t, "team/ctl:v1", registry.Image{Layers: 2, LayerSize: 128, Platforms: []string{"linux/amd64", "linux/arm64"}})
	dir := filepath.Join(t.TempDir(), "layout")
	c := &images.Copier{Remote: regclient.Remote{PlainHTTP: true}}
	if _, err := c.ToLayout(context.Background(), []string{src.Host + "/team/ctl:v1"}, dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func hostOf(url string) string { return strings.TrimPrefix(url, "http://") }

// authRegistry requires basic auth (every anonymous request gets 401).
func authRegistry(t *testing.T) *registry.Server {
	return registry.New(t, registry.WithBasicAuth("robot", ociSecret))
}

const ociSecret = "oci_SECRET_pa55"

// pushFiles pushes files as an artifact the way `oras push` does (one titled layer each).
func pushFiles(t *testing.T, repoRef, tag string, files map[string]string) {
	t.Helper()
	ctx := context.Background()
	repo, err := regclient.Remote{PlainHTTP: true}.Repository(repoRef)
	if err != nil {
		t.Fatal(err)
	}
	var layers []ocispec.Descriptor
	for name, data := range files {
		d := ocispec.Descriptor{MediaType: "application/vnd.oci.image.layer.v1.tar", Digest: digest.FromString(data), Size: int64(len(data)),
			Annotations: map[string]string{ocispec.AnnotationTitle: name}}
		if err := repo.Push(ctx, d, strings.NewReader(data)); err != nil {
			t.Fatal(err)
		}
		layers = append(layers, d)
	}
	m, err := oras.PackManifest(ctx, repo, oras.PackManifestVersion1_1, "application/vnd.unknown.artifact.v1", oras.PackManifestOptions{Layers: layers})
	if err != nil {
		t.Fatal(err)
	}
	if err := repo.Tag(ctx, m, tag); err != nil {
		t.Fatal(err)
	}
}
