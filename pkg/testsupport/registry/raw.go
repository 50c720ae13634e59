package registry

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/opencontainers/image-spec/specs-go"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/registry/remote"
)

// PushRawImage pushes a single-platform image of layers blobs of size random bytes
// each (uncompressed, seeded: fast to make, impossible to compress) and returns its
// total layer bytes. Benchmarks use it for throughput.
func (s *Server) PushRawImage(t testing.TB, repoTag string, layers int, size int64, seed uint64) int64 {
	t.Helper()
	repoName, tag, _ := strings.Cut(repoTag, ":")
	dst, err := remote.NewRepository(s.Host + "/" + repoName)
	if err != nil {
		t.Fatal(err)
	}
	dst.PlainHTTP = true
	rng := rand.New(rand.NewPCG(seed, seed+1))
	m := ocispec.Manifest{Versioned: specs.Versioned{SchemaVersion: 2}, MediaType: ocispec.MediaTypeImageManifest}
	for i := 0; i < layers; i++ {
		b := make([]byte, size)
		for j := 0; j+8 <= len(b); j += 8 {
			v := rng.Uint64()
			for k := 0; k < 8; k++ {
				b[j+k] = byte(v >> (8 * k))
			}
		}
		pushBlob(t, dst, ocispec.MediaTypeImageLayer, b)
		m.Layers = append(m.Layers, descOf(ocispec.MediaTypeImageLayer, b))
	}
	cfg, _ := json.Marshal(ocispec.Image{Platform: ocispec.Platform{OS: "linux", Architecture: "amd64"}})
	pushBlob(t, dst, ocispec.MediaTypeImageConfig, cfg)
	m.Config = descOf(ocispec.MediaTypeImageConfig, cfg)
	raw, _ := json.Marshal(m)
	pushRaw(t, dst, ocispec.MediaTypeImageManifest, raw, tag)
	return int64(layers) * size
}
