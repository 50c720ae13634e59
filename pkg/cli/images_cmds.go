package cli

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/images"
	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/spf13/cobra"
)

func newImagesCheckCmd(io streams) *cobra.Command {
	var reg registryFlags
	var g imageGate
	var format string
	cmd := &cobra.Command{
		Use:   "check PATH",
		Short: "Resolve every image the components and templates under PATH name (after clusterctl.yaml images: overrides)",
		Long: `check reads the YAML files under PATH (a build output folder, a release folder or a
repository), applies the images: overrides of PATH/clusterctl.yaml, and resolves every image
on its registry. It exits 1 listing each image that is missing, with the registry's answer.
--platform lists platforms each image must serve.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(format, reportFormats()); err != nil {
				return err
			}
			imgs, err := images.FindDir(args[0])
			if err != nil {
				return withCode(ExitInput, err)
			}
			remote, err := reg.remote(io)
			if err != nil {
				return err
			}
			res, err := g.results(cmd.Context(), io, remote, imgs)
			if res != nil && format == "json" {
				return joinErr(err, writeJSON(io, imagesCheckReport{Images: res}))
			}
			if err == nil {
				fmt.Fprintf(io.out, "%d images present\n", len(imgs))
			}
			return err
		},
	}
	reg.flags(cmd)
	g.platformFlag(cmd)
	outputFlag(cmd, &format, "report format", reportFormats())
	return cmd
}

// imagesCheckReport is images check -o json: every image with its digest or problem.
type imagesCheckReport struct {
	Images []images.Result `json:"images"`
}

// copyFlags are the flags of images copy and push besides the registry's.
type copyFlags struct {
	jobs   int
	dryRun bool
	format string
}

func (c *copyFlags) flags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.IntVar(&c.jobs, "jobs", 4, "parallel blob transfers per image")
	f.BoolVar(&c.dryRun, "dry-run", false, "resolve every image at its source and destination, copy nothing: report what would be copied")
	outputFlag(cmd, &c.format, "report format", reportFormats())
}

func newImagesCopyCmd(io streams) *cobra.Command {
	var reg registryFlags
	var to, layoutDir string
	var c copyFlags
	cmd := &cobra.Command{
		Use:   "copy PATH (--to REGISTRY[/PATH] | --layout DIR)",
		Short: "Copy every image PATH names, every platform, by digest, to a mirror registry or an OCI layout folder",
		Long: `copy copies each image the YAML files under PATH name to REGISTRY/PATH/<last path
element>:<tag> (the name clusterctl's images: {all: {repository: REGISTRY/PATH}} gives it),
or into an OCI image layout folder to carry across an air gap (then: images push). Blobs the
destination has are not copied again, so an interrupted copy resumes.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(c.format, reportFormats()); err != nil {
				return err
			}
			if (to == "") == (layoutDir == "") {
				return usageErr(fmt.Errorf("give exactly one of --to and --layout"))
			}
			imgs, err := images.FindDir(args[0])
			if err != nil {
				return withCode(ExitInput, err)
			}
			reg.to = []string{to}
			cp, err := copier(io, &reg, c.jobs, c.lines(io), c.format != "json")
			if err != nil {
				return err
			}
			return copyImages(cmd.Context(), io, cp, &c, imgs, to, layoutDir)
		},
	}
	reg.flags(cmd)
	cmd.Flags().StringVar(&to, "to", "", "mirror registry REGISTRY[/PATH]")
	cmd.Flags().StringVar(&layoutDir, "layout", "", "OCI image layout folder to write")
	c.flags(cmd)
	return cmd
}

func newImagesPushCmd(io streams) *cobra.Command {
	var reg registryFlags
	var to string
	var c copyFlags
	cmd := &cobra.Command{
		Use:   "push DIR --to REGISTRY[/PATH]",
		Short: "Upload an OCI image layout folder (images copy --layout, mirror --images-layout) to a registry",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(c.format, reportFormats()); err != nil {
				return err
			}
			target, err := registry.ParseTarget(to)
			if err != nil {
				return usageErr(fmt.Errorf("--to: %w", err))
			}
			if err := images.CheckLayout(args[0]); err != nil {
				return withCode(ExitInput, err)
			}
			reg.to = []string{to}
			cp, err := copier(io, &reg, c.jobs, c.lines(io), c.format != "json")
			if err != nil {
				return err
			}
			if c.dryRun {
				planned, err := cp.PlanPush(cmd.Context(), args[0], target)
				return joinErr(copyErr(err), c.report(io, to, nil, planned))
			}
			done, err := cp.PushLayout(cmd.Context(), args[0], target)
			return joinErr(copyErr(err), c.report(io, to, done, nil))
		},
	}
	reg.flags(cmd)
	cmd.Flags().StringVar(&to, "to", "", "registry REGISTRY[/PATH] to push to (required)")
	c.flags(cmd)
	_ = cmd.MarkFlagRequired("to")
	return cmd
}
