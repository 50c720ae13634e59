package registry

import (
	"strings"
	"testing"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/random"
	"github.com/google/go-containerregistry/pkg/v1/types"
	"oras.land/oras-go/v2/registry/remote"
)

// Image is a generated test image: layers of random bytes.
type Image struct {
	Layers    int
	LayerSize int64
	Platforms []string // "linux/amd64"...; one entry: a single manifest, several: an index
}

// PushImage generates img and pushes it as repo:tag; it returns the top digest.
func (s *Server) PushImage(t testing.TB, repoTag string, img Image) string {
	t.Helper()
	repoName, tag, _ := strings.Cut(repoTag, ":")
	dst, err := remote.NewRepository(s.Host + "/" + repoName)
	if err != nil {
		t.Fatal(err)
	}
	dst.PlainHTTP = true
	if len(img.Platforms) == 1 {
		im := platformImage(t, img, img.Platforms[0])
		pushImage(t, dst, im, tag)
		return digestOf(t, im)
	}
	idx := v1.ImageIndex(empty.Index)
	idx = mutate.IndexMediaType(idx, types.OCIImageIndex)
	for _, p := range img.Platforms {
		pl := parsePlatform(p)
		idx = mutate.AppendManifests(idx, mutate.IndexAddendum{Add: platformImage(t, img, p),
			Descriptor: v1.Descriptor{Platform: &pl}})
	}
	pushIndex(t, dst, idx, tag)
	return digestOf(t, idx)
}

func platformImage(t testing.TB, img Image, platform string) v1.Image {
	im, err := random.Image(img.LayerSize, int64(img.Layers))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := im.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	cfg = cfg.DeepCopy()
	p := parsePlatform(platform)
	cfg.OS, cfg.Architecture, cfg.Variant = p.OS, p.Architecture, p.Variant
	im, err = mutate.ConfigFile(im, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return im
}

func parsePlatform(s string) v1.Platform {
	parts := strings.SplitN(s, "/", 3)
	p := v1.Platform{OS: parts[0]}
	if len(parts) > 1 {
		p.Architecture = parts[1]
	}
	if len(parts) > 2 {
		p.Variant = parts[2]
	}
	return p
}

type digester interface{ Digest() (v1.Hash, error) }

func digestOf(t testing.TB, d digester) string {
	h, err := d.Digest()
	if err != nil {
		t.Fatal(err)
	}
	return h.String()
}
