package oci

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2"
	"oras.land/oras-go/v2/content/memory"
)

// An artifact whose layers are each under their cap but together over the artifact
// cap is refused from its manifest, before any layer is pulled (a hostile manifest
// could otherwise list thousands of 64 MiB layers).
func TestFetchRefusesAnOversizedArtifact(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := memory.New()
	var layers []ocispec.Descriptor
	for i := range 5 {
		layers = append(layers, ocispec.Descriptor{MediaType: FileMediaType, Digest: digest.FromString(fmt.Sprint(i)),
			Size: httpx.MaxFileSize - 1, Annotations: map[string]string{AnnotationTitle: fmt.Sprintf("file-%d-components.yaml", i)}})
	}
	desc, err := oras.PackManifest(ctx, s, oras.PackManifestVersion1_1, ArtifactType, oras.PackManifestOptions{Layers: layers})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Tag(ctx, desc, "v1.0.0"); err != nil {
		t.Fatal(err)
	}
	_, err = fetch(ctx, s, "v1.0.0")
	if !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "256 MiB") {
		t.Fatalf("err = %v; want the artifact cap named", err)
	}
}
