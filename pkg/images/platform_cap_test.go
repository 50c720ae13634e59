package images

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/opencontainers/go-digest"
	"github.com/opencontainers/image-spec/specs-go"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// fetcher serves one manifest and records every other fetch.
type fetcher struct {
	manifest []byte
	fetched  []digest.Digest
}

func (f *fetcher) Fetch(_ context.Context, d ocispec.Descriptor) (io.ReadCloser, error) {
	if d.Digest == digest.FromBytes(f.manifest) {
		return io.NopCloser(bytes.NewReader(f.manifest)), nil
	}
	f.fetched = append(f.fetched, d.Digest)
	return nil, errors.New("not served")
}

// A manifest whose config claims a huge size is refused before the config is read
// (a registry could otherwise stream gigabytes into memory).
func TestPlatformsRefusesAHugeConfig(t *testing.T) {
	m := ocispec.Manifest{Versioned: specs.Versioned{SchemaVersion: 2}, MediaType: ocispec.MediaTypeImageManifest,
		Config: ocispec.Descriptor{MediaType: ocispec.MediaTypeImageConfig, Digest: digest.FromString("x"), Size: 1 << 40}}
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	f := &fetcher{manifest: raw}
	desc := ocispec.Descriptor{MediaType: ocispec.MediaTypeImageManifest, Digest: digest.FromBytes(raw), Size: int64(len(raw))}
	_, err = platforms(context.Background(), f, desc)
	if err == nil || !strings.Contains(err.Error(), "cap") || len(f.fetched) != 0 {
		t.Fatalf("err = %v, fetched %v; want a refusal naming the cap before any read", err, f.fetched)
	}
}
