package cli

import (
	"context"
	"errors"
	"fmt"
	goio "io"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/images"
)

// copier is an image copier that writes a line to lines (nil: nowhere) as each image
// is copied, and on a terminal a status line of its blobs.
func copier(io streams, reg *registryFlags, jobs int, lines goio.Writer) (*images.Copier, error) {
	if jobs < 1 {
		return nil, usageErr(fmt.Errorf("--jobs %d: want at least 1", jobs))
	}
	remote, err := reg.remote(io)
	if err != nil {
		return nil, err
	}
	show := &copyProgress{io: io, tty: io.isTerminal(io.err), lines: lines}
	return &images.Copier{Remote: remote, Concurrency: jobs, Progress: show.event, Done: show.end, Finished: show.finished}, nil
}

// copyImages copies imgs to a registry (to) or a layout folder; the copier prints
// each copy as it finishes.
func copyImages(ctx context.Context, io streams, c *images.Copier, imgs []string, to, layoutDir string) error {
	var err error
	if to != "" {
		target, perr := oci.ParseTarget(to)
		if perr != nil {
			return usageErr(fmt.Errorf("--to: %w", perr))
		}
		_, err = c.ToRegistry(ctx, imgs, target)
	} else {
		_, err = c.ToLayout(ctx, imgs, layoutDir)
	}
	return copyErr(err)
}

// copyErr: an unparsable image or layout folder, or two images with one mirror name,
// is bad input (3); a registry failure is exit 4.
func copyErr(err error) error {
	var pe *images.ParseError
	var le *images.LayoutError
	var ce *images.ClashError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled):
		return err
	case errors.As(err, &pe), errors.As(err, &le), errors.As(err, &ce):
		return withCode(ExitInput, err)
	}
	return withCode(ExitPublish, err)
}
