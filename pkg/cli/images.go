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
	res := images.Check(ctx, imgs, images.CheckOptions{Remote: remote, Platforms: g.platforms})
	if err := ctx.Err(); err != nil {
		return err
	}
	failed := images.Failed(res)
	for _, r := range failed {
		io.logf("missing image %s: %s", r.Image, r.Problem)
	}
	if len(failed) > 0 {
		return withCode(ExitFindings, fmt.Errorf("%d of %d images are not served as named (listed above); push them first, or fix the image overrides", len(failed), len(res)))
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

func newImagesCheckCmd(io streams) *cobra.Command {
	var reg registryFlags
	var g imageGate
	cmd := &cobra.Command{
		Use:   "check PATH",
		Short: "Resolve every image the components and templates under PATH name (after clusterctl.yaml images: overrides)",
		Long: `check reads the YAML files under PATH (a build output folder, a release folder or a
repository), applies the images: overrides of PATH/clusterctl.yaml, and resolves every image
on its registry. It exits 1 listing each image that is missing, with the registry's answer.
--platform lists platforms each image must serve.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			imgs, err := images.FindDir(args[0])
			if err != nil {
				return withCode(ExitInput, err)
			}
			remote, err := reg.remote(io)
			if err != nil {
				return err
			}
			if err := g.run(cmd.Context(), io, remote, imgs); err != nil {
				return err
			}
			fmt.Fprintf(io.out, "%d images present\n", len(imgs))
			return nil
		},
	}
	reg.flags(cmd)
	g.platformFlag(cmd)
	return cmd
}

func newImagesCopyCmd(io streams) *cobra.Command {
	var reg registryFlags
	var to, layoutDir string
	var jobs int
	cmd := &cobra.Command{
		Use:   "copy PATH (--to REGISTRY[/PATH] | --layout DIR)",
		Short: "Copy every image PATH names, every platform, by digest, to a mirror registry or an OCI layout folder",
		Long: `copy copies each image the YAML files under PATH name to REGISTRY/PATH/<last path
element>:<tag> (the name clusterctl's images: {all: {repository: REGISTRY/PATH}} gives it),
or into an OCI image layout folder to carry across an air gap (then: images push). Blobs the
destination has are not copied again, so an interrupted copy resumes.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if (to == "") == (layoutDir == "") {
				return usageErr(fmt.Errorf("give exactly one of --to and --layout"))
			}
			imgs, err := images.FindDir(args[0])
			if err != nil {
				return withCode(ExitInput, err)
			}
			reg.to = []string{to}
			c, err := copier(io, &reg, jobs, io.out)
			if err != nil {
				return err
			}
			return copyImages(cmd.Context(), io, c, imgs, to, layoutDir)
		},
	}
	reg.flags(cmd)
	cmd.Flags().StringVar(&to, "to", "", "mirror registry REGISTRY[/PATH]")
	cmd.Flags().StringVar(&layoutDir, "layout", "", "OCI image layout folder to write")
	cmd.Flags().IntVar(&jobs, "jobs", 4, "parallel blob transfers per image")
	return cmd
}

func newImagesPushCmd(io streams) *cobra.Command {
	var reg registryFlags
	var to string
	var jobs int
	cmd := &cobra.Command{
		Use:   "push DIR --to REGISTRY[/PATH]",
		Short: "Upload an OCI image layout folder (images copy --layout, mirror --images-layout) to a registry",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			target, err := oci.ParseTarget(to)
			if err != nil {
				return usageErr(fmt.Errorf("--to: %w", err))
			}
			if err := images.CheckLayout(args[0]); err != nil {
				return withCode(ExitInput, err)
			}
			reg.to = []string{to}
			c, err := copier(io, &reg, jobs, io.out)
			if err != nil {
				return err
			}
			_, err = c.PushLayout(cmd.Context(), args[0], target)
			return copyErr(err)
		},
	}
	reg.flags(cmd)
	cmd.Flags().StringVar(&to, "to", "", "registry REGISTRY[/PATH] to push to (required)")
	cmd.Flags().IntVar(&jobs, "jobs", 4, "parallel blob transfers per image")
	_ = cmd.MarkFlagRequired("to")
	return cmd
}
