package cli

import (
	"context"
	"errors"
	"fmt"
	goio "io"

	"github.com/capirepo/capirepo/pkg/images"
	"github.com/capirepo/capirepo/pkg/registry"
)

// copier is an image copier that writes a line to lines as each image is copied,
// and, when bar and on a terminal, a status bar of its blobs.
func copier(io streams, reg *registryFlags, jobs int, lines goio.Writer, bar bool) (*images.Copier, error) {
	if jobs < 1 {
		return nil, usageErr(fmt.Errorf("--jobs %d: want at least 1", jobs))
	}
	remote, err := reg.remote(io)
	if err != nil {
		return nil, err
	}
	show := &copyProgress{bar: newStatusBar(io, bar, "blobs"), lines: lines}
	return &images.Copier{Remote: remote, Concurrency: jobs, Progress: show.event, Done: show.end, Finished: show.finished}, nil
}

// copyImages copies imgs to a registry (to) or a layout folder (the copier prints each
// copy as it finishes), or plans it (--dry-run), and reports.
func copyImages(ctx context.Context, io streams, c *images.Copier, f *copyFlags, imgs []string, to, layoutDir string) error {
	var target registry.Target
	if to != "" {
		t, err := registry.ParseTarget(to)
		if err != nil {
			return usageErr(fmt.Errorf("--to: %w", err))
		}
		target = t
	}
	dest := to
	if to == "" {
		dest = layoutDir
	}
	if f.dryRun {
		var planned []images.Planned
		var err error
		if to != "" {
			planned, err = c.PlanRegistry(ctx, imgs, target)
		} else {
			planned, err = c.PlanLayout(ctx, imgs, layoutDir)
		}
		return joinErr(copyErr(err), f.report(io, dest, nil, planned))
	}
	var done []images.Copied
	var err error
	if to != "" {
		done, err = c.ToRegistry(ctx, imgs, target)
	} else {
		done, err = c.ToLayout(ctx, imgs, layoutDir)
	}
	return joinErr(copyErr(err), f.report(io, dest, done, nil))
}

// copyReport is images copy and push -o json: each image with its destination,
// digest and what happened (copied; on a dry run: planned, or present when the
// destination holds that digest already).
type copyReport struct {
	Destination string       `json:"destination"`
	DryRun      bool         `json:"dryRun,omitempty"`
	Images      []copiedLine `json:"images"`
}

type copiedLine struct {
	Source string `json:"source"`
	Dest   string `json:"dest"`
	Digest string `json:"digest"`
	Action string `json:"action"`
}

func line(c images.Copied, action string) copiedLine {
	return copiedLine{Source: c.Source, Dest: c.Dest, Digest: c.Digest, Action: action}
}

// lines is where the copier prints each image as it is copied: stdout for text, stderr
// when stdout carries the JSON report.
func (f *copyFlags) lines(io streams) goio.Writer {
	if f.format == "json" {
		return io.err
	}
	return io.out
}

// report prints the JSON report, or for a dry run the plan (a real copy printed each
// image as it finished).
func (f *copyFlags) report(io streams, dest string, done []images.Copied, planned []images.Planned) error {
	rep := copyReport{Destination: dest, DryRun: f.dryRun, Images: []copiedLine{}}
	for _, d := range done {
		rep.Images = append(rep.Images, line(d, "copied"))
	}
	for _, p := range planned {
		action := "planned"
		if p.Present {
			action = "present"
		}
		rep.Images = append(rep.Images, line(p.Copied, action))
	}
	if f.format == "json" {
		return writeJSON(io, rep)
	}
	if !f.dryRun {
		return nil
	}
	for _, l := range rep.Images {
		fmt.Fprintf(io.out, "%s %s -> %s (%s)\n", l.Action, l.Source, l.Dest, l.Digest)
	}
	fmt.Fprintf(io.out, "dry run: nothing was copied to %s\n", dest)
	return nil
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
