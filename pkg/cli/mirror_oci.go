package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/images"
	"github.com/capirepo/capirepo/pkg/mirror"
	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/spf13/cobra"
)

// mirrorOCI is what mirror does with registries: copy the images, push the releases
// as operator artifacts.
type mirrorOCI struct {
	registryFlags
	imagesTo, imagesLayout, toOCI string
	bar                           bool // a status bar of the image copy on a terminal (not -o json)
}

func (m *mirrorOCI) flags(cmd *cobra.Command) {
	f := cmd.Flags()
	m.registryFlags.flags(cmd)
	f.StringVar(&m.imagesTo, "images-to", "", "copy every image of images.txt (every platform, by digest) to REGISTRY[/PATH]/<name>:<tag>; clusterctl.yaml's images: points there")
	f.StringVar(&m.imagesLayout, "images-layout", "", "write every image of images.txt into this OCI image layout folder (then: images push DIR --to REGISTRY)")
	f.StringVar(&m.toOCI, "to-oci", "", "also push the mirrored releases as cluster-api-operator artifacts to REGISTRY/PATH/<label>:<version>")
}

// apply adds the images step, the --to-oci destination (signing its artifacts with
// rs, when set) and the images: override.
func (m *mirrorOCI) apply(io streams, quiet bool, jobs int, rs oci.Resigner, opts *mirror.Options) error {
	m.registryFlags.to = []string{m.imagesTo, m.toOCI}
	if m.imagesTo != "" || m.imagesLayout != "" {
		c, err := copier(io, &m.registryFlags, cmp.Or(jobs, 8), io.err, m.bar && !quiet) // --jobs 0: mirror's default
		if err != nil {
			return err
		}
		if quiet {
			c.Progress, c.Done, c.Finished = nil, nil, nil
		}
		if m.imagesTo != "" {
			if _, err := registry.ParseTarget(m.imagesTo); err != nil {
				return usageErr(fmt.Errorf("--images-to: %w", err))
			}
			if opts.ImageRegistry == "" {
				opts.ImageRegistry = strings.TrimPrefix(m.imagesTo, "oci://")
			}
		}
		opts.Steps = append(opts.Steps, mirror.Step{Name: "images", Run: m.copyStep(c)})
	}
	if m.toOCI == "" {
		return nil
	}
	remote, err := m.remote(io)
	if err != nil {
		return err
	}
	dest, err := oci.New(m.toOCI, oci.Options{Remote: remote, Resign: rs})
	if err != nil {
		return usageErr(fmt.Errorf("--to-oci: %w", err))
	}
	opts.Also = append(opts.Also, dest)
	return nil
}

// copyStep copies tx.Images (the copier prints each image as it is copied, unless
// --quiet) and records each image's digest, which images.txt pins.
func (m *mirrorOCI) copyStep(c *images.Copier) func(context.Context, *mirror.Tx) error {
	return func(ctx context.Context, tx *mirror.Tx) error {
		var done []images.Copied
		var err error
		for _, target := range []string{m.imagesTo, m.imagesLayout} {
			if target == "" {
				continue
			}
			if target == m.imagesTo {
				tg, _ := registry.ParseTarget(target)
				done, err = c.ToRegistry(ctx, tx.Images, tg)
			} else {
				done, err = c.ToLayout(ctx, tx.Images, target)
			}
			if err != nil {
				return err
			}
		}
		tx.Digests = images.Digests(done)
		return nil
	}
}

// resigner signs the --to-oci artifacts (--sign-key, --sign-keyless), with the
// upstream's statements verified under --verify-key (or re-derived without it);
// signing without --to-oci is a usage error.
func (o *mirrorOptions) resigner(ctx context.Context, io streams) (oci.Resigner, error) {
	if !o.sign.on() {
		return nil, nil
	}
	if o.oci.toOCI == "" {
		return nil, usageErr(errors.New("--sign-key and --sign-keyless sign the artifacts of --to-oci: give --to-oci"))
	}
	rs, err := newResigner(ctx, io, &o.sign, &o.sig, "the downloaded files")
	if err != nil {
		return nil, err // not a nil *sign.Resigner in the interface
	}
	return rs, nil
}
