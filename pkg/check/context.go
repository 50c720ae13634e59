package check

import (
	"context"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
)

// ReleaseContext is Release that returns ctx's error as soon as ctx is done (an
// interrupt while a 100 MB file is checked); the abandoned checks finish on their own.
func ReleaseContext(ctx context.Context, r *release.Release, opts Options) (lint.Findings, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	done := make(chan lint.Findings, 1)
	go func() { done <- Release(r, opts) }()
	select {
	case fs := <-done:
		return fs, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
