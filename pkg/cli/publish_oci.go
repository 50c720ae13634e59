package cli

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/spf13/cobra"
)

var (
	_ publish.Destination = (*oci.Publisher)(nil)
	_ publish.Noter       = (*oci.Publisher)(nil)
	_ publish.Preflighter = (*oci.Publisher)(nil)
)

type publishOCIOptions struct {
	commonPublish
	to, bundle, source string
	sign               signFlags // --sign-key, --sign-keyless, with --verify-key … as input trust (publish_oci_sign.go)
}

func newPublishOCICmd(io streams) *cobra.Command {
	o := &publishOCIOptions{}
	cmd := &cobra.Command{
		Use:   "oci --from DIR --to REGISTRY/PATH",
		Short: "Push each release as an OCI artifact the cluster-api-operator installs (REGISTRY/PATH/<label>:<version>)",
		Long: `oci pushes one artifact per provider and version to REGISTRY/PATH/<provider-label>:<version>:
an OCI 1.1 manifest (artifactType ` + oci.ArtifactType + `) with one raw layer per release file,
titled with its file name, as the cluster-api-operator's spec.fetchConfig.oci reads it.
Runtime-extension providers get a runtimeextension-components.yaml layer too. --bundle NAME
puts every provider of DIR into REGISTRY/PATH/NAME:<version> under the operator's full
names (<type>-<name>-<version>-components.yaml ...). A tag holding different content is
refused (exit 5) unless --replace; identical content is left alone. The artifact is read
back and checked with the operator's file rules. Digests are reproducible: the creation
time comes from SOURCE_DATE_EPOCH or the git commit, never the clock.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd, io) },
	}
	o.commonPublish.flags(cmd)
	f := cmd.Flags()
	f.StringVar(&o.to, "to", "", "REGISTRY[/PATH] to push to (required)")
	f.StringVar(&o.bundle, "bundle", "", "NAME[:TAG]: one artifact for every provider, under the operator's full file names")
	f.StringVar(&o.source, "source", "", "the provider's source URL (org.opencontainers.image.source)")
	o.replaceFlag(cmd, "move tags that hold different content")
	o.sign.flags(cmd)
	o.sign.rederiveFlag(cmd)
	o.trust.signs = &o.sign
	_ = cmd.MarkFlagRequired("to")
	return cmd
}

func (o *publishOCIOptions) run(cmd *cobra.Command, io streams) error {
	opts, err := o.options(io)
	if err != nil {
		return err
	}
	rs, err := newResigner(cmd.Context(), io, &o.sign, &o.trust, "the files of "+o.from)
	if err != nil {
		return err
	}
	if rs != nil {
		opts.Resign, o.resigns = rs, true
	}
	dest, err := oci.New(o.to, opts)
	if err != nil {
		return usageErr(fmt.Errorf("--to: %w", err))
	}
	if err := o.precheck(opts); err != nil {
		return err
	}
	return o.commonPublish.run(cmd, io, dest)
}

func (o *publishOCIOptions) options(io streams) (oci.Options, error) {
	o.reg.to = []string{o.to}
	remote, err := o.reg.remote(io)
	if err != nil {
		return oci.Options{}, err
	}
	created, err := metadata.CreatedFor(io.env("SOURCE_DATE_EPOCH"), ".")
	if err != nil {
		return oci.Options{}, usageErr(err)
	}
	opts := oci.Options{Remote: remote, Pack: oci.PackOptions{Source: o.source, CreatedFor: created}}
	if o.bundle != "" {
		if opts.Bundle, err = oci.ParseBundle(o.bundle); err != nil {
			return opts, usageErr(err)
		}
	}
	return opts, nil
}

// precheck checks a bundle's versions before anything is read from the registry (the
// image gate runs in commonPublish.run).
func (o *publishOCIOptions) precheck(opts oci.Options) error {
	if opts.Bundle == nil || opts.Bundle.Tag != "" {
		return nil
	}
	set, err := localrepo.ReadSet(o.from)
	if err != nil {
		return withCode(ExitInput, err)
	}
	if err := opts.Bundle.CheckVersions(set, o.bundle); err != nil {
		return usageErr(err)
	}
	return nil
}
