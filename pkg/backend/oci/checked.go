package oci

import (
	"context"
	"fmt"
	"io"

	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2"

	"github.com/capirepo/capirepo/pkg/repository"
)

// checkedSource is a source whose blobs are checked against their descriptors (size and
// digest, what the manifest lists for them) as they are read, so a truncated or
// substituted layer is refused naming its file (its title) rather than a digest.
type checkedSource struct{ oras.ReadOnlyTarget }

func (n checkedSource) Fetch(ctx context.Context, d ocispec.Descriptor) (io.ReadCloser, error) {
	rc, err := n.ReadOnlyTarget.Fetch(ctx, d)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", nameOf(d), err)
	}
	return &checked{ReadCloser: rc, d: d, v: d.Digest.Verifier()}, nil
}

// nameOf is a blob's file name (its title), or "layer <digest>".
func nameOf(d ocispec.Descriptor) string {
	if t := d.Annotations[AnnotationTitle]; t != "" {
		return t
	}
	return "blob " + d.Digest.String()
}

// checked reads a blob and, at its end, compares what was read with the descriptor.
type checked struct {
	io.ReadCloser
	d ocispec.Descriptor
	v digest.Verifier
	n int64
}

func (c *checked) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n += int64(n)
	c.v.Write(p[:n])
	if err == io.EOF && (c.n != c.d.Size || !c.v.Verified()) {
		return n, fmt.Errorf("%w: %s: %d bytes read, the manifest lists %d bytes and %s for it (a truncating proxy or a registry serving other bytes?)",
			repository.ErrMismatch, nameOf(c.d), c.n, c.d.Size, c.d.Digest)
	}
	return n, err
}
