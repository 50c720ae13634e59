package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/images"
)

func copier(io streams, reg *registryFlags, jobs int) (*images.Copier, error) {
	if jobs < 1 {
		return nil, usageErr(fmt.Errorf("--jobs %d: want at least 1", jobs))
	}
	remote, err := reg.remote(io)
	if err != nil {
		return nil, err
	}
	c := &images.Copier{Remote: remote, Concurrency: jobs}
	if io.isTerminal(io.err) {
		show := &copyProgress{io: io}
		c.Progress = show.event
		c.Done = show.end
	}
	return c, nil
}

// copyImages copies imgs to a registry (to) or a layout folder and prints each copy.
func copyImages(ctx context.Context, io streams, c *images.Copier, imgs []string, to, layoutDir string) error {
	var done []images.Copied
	var err error
	if to != "" {
		target, perr := oci.ParseTarget(to)
		if perr != nil {
			return usageErr(fmt.Errorf("--to: %w", perr))
		}
		done, err = c.ToRegistry(ctx, imgs, target)
	} else {
		done, err = c.ToLayout(ctx, imgs, layoutDir)
	}
	printCopied(io, done)
	return copyErr(err)
}

func printCopied(io streams, done []images.Copied) {
	for _, d := range done {
		fmt.Fprintf(io.out, "copied %s -> %s (%s)\n", d.Source, d.Dest, d.Digest)
	}
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
