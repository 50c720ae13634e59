package oci

import (
	"context"
	"errors"
	"fmt"

	"github.com/opencontainers/go-digest"
	"oras.land/oras-go/v2/content"
	"oras.land/oras-go/v2/errdef"
)

// current returns the digest tag points at in repo, or "" when the tag does not exist.
func current(ctx context.Context, repo content.Resolver, tag string) (digest.Digest, error) {
	d, err := repo.Resolve(ctx, tag)
	if errors.Is(err, errdef.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("resolving tag %s: %w", tag, err)
	}
	return d.Digest, nil
}
