package images

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/capirepo/capirepo/pkg/httpx"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"
)

const dockerManifestList = "application/vnd.docker.distribution.manifest.list.v2+json"

// maxConfigSize caps an image config read for its platform (oras caps manifests at
// 4 MiB; configs are a few KiB).
const maxConfigSize = 4 << 20

// platforms returns the platforms ("os/arch[/variant]") an image serves: an index's
// entries, or a single manifest's config.
func platforms(ctx context.Context, f content.Fetcher, desc ocispec.Descriptor) ([]string, error) {
	raw, err := content.FetchAll(ctx, f, desc)
	if err != nil {
		return nil, fmt.Errorf("reading manifest %s: %w", desc.Digest, err)
	}
	if desc.MediaType == ocispec.MediaTypeImageIndex || desc.MediaType == dockerManifestList {
		var idx ocispec.Index
		if err := json.Unmarshal(raw, &idx); err != nil {
			return nil, fmt.Errorf("index %s: %w", desc.Digest, err)
		}
		var out []string
		for _, m := range idx.Manifests {
			if m.Platform != nil {
				out = append(out, platformString(*m.Platform))
			}
		}
		sort.Strings(out)
		return out, nil
	}
	return configPlatform(ctx, f, raw, desc)
}

func configPlatform(ctx context.Context, f content.Fetcher, raw []byte, desc ocispec.Descriptor) ([]string, error) {
	var m ocispec.Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("manifest %s: %w", desc.Digest, err)
	}
	if m.Config.Size > maxConfigSize {
		return nil, fmt.Errorf("image %s: its config claims %d bytes, over the %s cap for an image config: %w",
			desc.Digest, m.Config.Size, httpx.Size(maxConfigSize), httpx.ErrTooLarge)
	}
	cfg, err := content.FetchAll(ctx, f, m.Config)
	if err != nil {
		return nil, fmt.Errorf("reading config of %s: %w", desc.Digest, err)
	}
	var p ocispec.Platform
	if err := json.Unmarshal(cfg, &p); err != nil || p.OS == "" {
		return nil, fmt.Errorf("image %s names no platform in its config", desc.Digest)
	}
	return []string{platformString(p)}, nil
}

func platformString(p ocispec.Platform) string {
	s := p.OS + "/" + p.Architecture
	if p.Variant != "" {
		s += "/" + p.Variant
	}
	return s
}
