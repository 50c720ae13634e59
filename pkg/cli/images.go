package cli

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/images"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/spf13/cobra"
)

func newImagesCmd(io streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "images",
		Short: "Check that the images a release names exist, and copy them for air-gapped mirrors",
	}
	cmd.AddCommand(newImagesCheckCmd(io), newImagesCopyCmd(io), newImagesPushCmd(io))
	return cmd
}

// imageGate is the --check-images gate of build and publish, and images check itself.
type imageGate struct {
	checkImages bool
	platforms   []string
}

func (g *imageGate) flags(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&g.checkImages, "check-images", false, "fail (exit 1) when an image the release names is not on its registry")
	g.platformFlag(cmd)
}

func (g *imageGate) platformFlag(cmd *cobra.Command) {
	cmd.Flags().StringSliceVar(&g.platforms, "platform", nil, "platforms every image must serve, e.g. linux/amd64,linux/arm64")
}

// run resolves every image and fails with exit 1 listing each missing one with its
// registry's answer.
func (g *imageGate) run(ctx context.Context, io streams, remote oci.Remote, imgs []string) error {
	_, err := g.results(ctx, io, remote, imgs)
	return err
}

// results is run that also returns each image's answer (images check -o json).
func (g *imageGate) results(ctx context.Context, io streams, remote oci.Remote, imgs []string) ([]images.Result, error) {
	res := images.Check(ctx, imgs, images.CheckOptions{Remote: remote, Platforms: g.platforms})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	failed := images.Failed(res)
	for _, r := range failed {
		io.logf("missing image %s: %s", r.Image, r.Problem)
	}
	if len(failed) > 0 {
		return res, withCode(ExitFindings, fmt.Errorf("%d of %d images are not served as named (listed above); push them first, or fix the image overrides", len(failed), len(res)))
	}
	return res, nil
}

// check runs the gate on a set when --check-images is given.
func (g *imageGate) check(ctx context.Context, io streams, reg *registryFlags, set *release.Set) error {
	if !g.checkImages {
		return nil
	}
	remote, err := reg.remote(io)
	if err != nil {
		return err
	}
	return g.run(ctx, io, remote, images.InSet(set))
}
