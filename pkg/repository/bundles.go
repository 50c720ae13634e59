package repository

import (
	"context"
	"errors"
	"io/fs"

	"github.com/capirepo/capirepo/pkg/layout"
)

// BundleFile is Bundles for the kinds that keep a version's bundle among its files
// (layout.BundleFile(label, version)): that file, or none when it is missing.
func BundleFile(ctx context.Context, r Repository, version string) ([][]byte, error) {
	b, err := r.File(ctx, version, layout.BundleFile(r.Info().Label, version))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return [][]byte{b}, nil
}
