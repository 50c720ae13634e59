package oci

import (
	"context"
	"fmt"
	"sync"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"
)

// Caps of one artifact's graph, checked from each manifest's descriptors before
// what they list is pulled (docs/remote-calls.md).
const (
	MaxManifestSize = 4 << 20 // one manifest or index (OCI's usual limit, distribution's too)
	MaxEntries      = 1_000   // descriptors one manifest or index lists
)

// graph is one pull's view of its artifact: every manifest and blob it lists,
// counted once, against MaxArtifactSize.
type graph struct {
	mu    sync.Mutex
	seen  map[digest.Digest]bool
	total int64
}

// successors lists a node's successors as oras does, after refusing a manifest over
// MaxManifestSize (before it is read), one listing more than MaxEntries, a listed
// manifest over MaxManifestSize, and an artifact past MaxArtifactSize.
func (g *graph) successors(ctx context.Context, f content.Fetcher, d ocispec.Descriptor) ([]ocispec.Descriptor, error) {
	if err := checkManifest(d); err != nil {
		return nil, err
	}
	g.add(d)
	succ, err := content.Successors(ctx, f, d)
	if err != nil {
		return nil, err
	}
	if len(succ) > MaxEntries {
		return nil, &httpx.CapError{Cap: fmt.Sprintf("the cap of %d entries in one manifest or index", MaxEntries), What: "manifest " + d.Digest.String()}
	}
	for _, s := range succ {
		if err := checkManifest(s); err != nil {
			return nil, err
		}
		if g.add(s) > MaxArtifactSize {
			return nil, fmt.Errorf("the artifact's manifests and files add up to more than the %s cap of one artifact: %w", httpx.Size(MaxArtifactSize), httpx.ErrTooLarge)
		}
	}
	return succ, nil
}

// add counts d once; it returns the artifact's total so far.
func (g *graph) add(d ocispec.Descriptor) int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.seen[d.Digest] {
		g.seen[d.Digest] = true
		g.total += max(d.Size, 0)
	}
	return g.total
}

// checkManifest refuses a manifest or index descriptor over MaxManifestSize.
func checkManifest(d ocispec.Descriptor) error {
	if !isManifest(d.MediaType) || d.Size <= MaxManifestSize {
		return nil
	}
	return &httpx.CapError{Cap: "the " + httpx.Size(MaxManifestSize) + " cap on one manifest", What: fmt.Sprintf("manifest %s (%d bytes)", d.Digest, d.Size)}
}

func isManifest(mediaType string) bool {
	switch mediaType {
	case ocispec.MediaTypeImageManifest, ocispec.MediaTypeImageIndex,
		"application/vnd.docker.distribution.manifest.v2+json", "application/vnd.docker.distribution.manifest.list.v2+json":
		return true
	}
	return false
}
