package oci

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/httpx"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2"
	"oras.land/oras-go/v2/content"
	"oras.land/oras-go/v2/content/memory"
)

// storeWith tags an artifact holding one titled layer in an in-memory store.
func storeWith(t *testing.T, title string, data []byte) *memory.Store {
	t.Helper()
	ctx := context.Background()
	s := memory.New()
	layer := content.NewDescriptorFromBytes("application/yaml", data)
	layer.Annotations = map[string]string{AnnotationTitle: title}
	if err := s.Push(ctx, layer, bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	desc, err := oras.PackManifest(ctx, s, oras.PackManifestVersion1_1, "application/vnd.test", oras.PackManifestOptions{Layers: []ocispec.Descriptor{layer}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Tag(ctx, desc, "v1.0.0"); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestFetchRefusesOversizedLayers(t *testing.T) {
	t.Parallel()
	big := bytes.Repeat([]byte("a"), int(httpx.MaxMetadataSize)+1)
	_, err := fetch(context.Background(), storeWith(t, "metadata.yaml", big), "v1.0.0")
	if !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "metadata.yaml") || !strings.Contains(err.Error(), "1048576-byte cap") {
		t.Fatalf("oversized metadata.yaml: err = %v, want the file and its cap named", err)
	}
	// The same bytes are within the cap of a components file.
	f, err := fetch(context.Background(), storeWith(t, "infrastructure-components.yaml", big), "v1.0.0")
	if err != nil || len(f.Files["infrastructure-components.yaml"]) != len(big) {
		t.Fatalf("components within its cap: err = %v", err)
	}
}
