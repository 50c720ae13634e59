package cli

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/images"
	"github.com/capirepo/capirepo/pkg/registry"
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

// run resolves every image: exit 1 listing each one a registry does not serve as
// named (with its answer), else exit 4 listing each one no registry could be asked
// about (with the reason).
func (g *imageGate) run(ctx context.Context, io streams, remote registry.Remote, imgs []string) error {
	_, err := g.results(ctx, io, remote, imgs)
	return err
}

// results is run that also returns each image's answer (images check -o json).
func (g *imageGate) results(ctx context.Context, io streams, remote registry.Remote, imgs []string) ([]images.Result, error) {
	res := images.Check(ctx, imgs, images.CheckOptions{Remote: remote, Platforms: g.platforms})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	notServed, notAsked := images.Split(images.Failed(res))
	for _, r := range notServed {
		io.logf("missing image %s: %s", r.Image, r.Problem)
	}
	for _, r := range notAsked {
		io.logf("image %s unknown: %s", r.Image, r.Problem)
	}
	return res, gateErr(len(notServed), len(notAsked), len(res))
}

// gateErr is the gate's verdict: what is not served is a finding; what could not be
// asked is a remote failure, and says nothing about the images.
func gateErr(notServed, notAsked, all int) error {
	var unknown string
	if notAsked > 0 {
		unknown = fmt.Sprintf("the registry could not be asked about %d of %d images (listed above, with the reason)", notAsked, all)
	}
	switch {
	case notServed > 0 && notAsked > 0:
		return withCode(ExitFindings, fmt.Errorf("%d of %d images are not served as named (listed above): push them, or fix the image overrides; and %s", notServed, all, unknown))
	case notServed > 0:
		return withCode(ExitFindings, fmt.Errorf("%d of %d images are not served as named (listed above): push them, or fix the image overrides", notServed, all))
	case notAsked > 0:
		return withCode(ExitPublish, fmt.Errorf("%s: nothing is known about them; fix the connection or credentials and run again", unknown))
	}
	return nil
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
