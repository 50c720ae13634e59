package registry

import (
	"bytes"
	"context"
	"io"
	"testing"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/registry/remote"
)

// pushIndex pushes every child image, then the index under tag.
func pushIndex(t testing.TB, dst *remote.Repository, idx v1.ImageIndex, tag string) {
	t.Helper()
	im, err := idx.IndexManifest()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range im.Manifests {
		child, err := idx.Image(m.Digest)
		if err != nil {
			t.Fatal(err)
		}
		pushImage(t, dst, child, "")
	}
	raw, err := idx.RawManifest()
	if err != nil {
		t.Fatal(err)
	}
	pushRaw(t, dst, ocispec.MediaTypeImageIndex, raw, tag)
}

// pushImage pushes the layers, the config and the manifest (tagged when tag is set).
func pushImage(t testing.TB, dst *remote.Repository, im v1.Image, tag string) {
	t.Helper()
	layers, err := im.Layers()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range layers {
		rc, err := l.Compressed()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		mt, _ := l.MediaType()
		pushBlob(t, dst, string(mt), b)
	}
	cfg, err := im.RawConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	pushBlob(t, dst, ocispec.MediaTypeImageConfig, cfg)
	raw, err := im.RawManifest()
	if err != nil {
		t.Fatal(err)
	}
	mt, _ := im.MediaType()
	pushRaw(t, dst, string(mt), raw, tag)
}

func descOf(mediaType string, b []byte) ocispec.Descriptor {
	return ocispec.Descriptor{MediaType: mediaType, Digest: digest.FromBytes(b), Size: int64(len(b))}
}

func pushBlob(t testing.TB, dst *remote.Repository, mediaType string, b []byte) {
	t.Helper()
	d := descOf(mediaType, b)
	if err := dst.Push(context.Background(), d, bytes.NewReader(b)); err != nil {
		t.Fatalf("pushing blob: %v", err)
	}
}

func pushRaw(t testing.TB, dst *remote.Repository, mediaType string, raw []byte, tag string) {
	t.Helper()
	d := ocispec.Descriptor{MediaType: mediaType, Digest: digest.FromBytes(raw), Size: int64(len(raw))}
	ref := tag
	if ref == "" {
		ref = d.Digest.String()
	}
	if err := dst.PushReference(context.Background(), d, bytes.NewReader(raw), ref); err != nil {
		t.Fatalf("pushing manifest: %v", err)
	}
}
