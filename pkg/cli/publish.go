package cli

import (
	"errors"

	"github.com/capirepo/capirepo/pkg/backend/github"
	"github.com/capirepo/capirepo/pkg/backend/gitlab"
	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/sign"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/spf13/cobra"
)

// Compile-time checks that the backends are destinations of the publishing core.
var (
	_ publish.Destination = (*local.Publisher)(nil)
	_ publish.Locker      = (*local.Publisher)(nil)
	_ publish.Noter       = (*local.Publisher)(nil)
	_ publish.Destination = (*github.Publisher)(nil)
	_ publish.Preflighter = (*github.Publisher)(nil)
	_ publish.Noter       = (*github.Publisher)(nil)
	_ publish.Destination = (*gitlab.Publisher)(nil)
	_ publish.Preflighter = (*gitlab.Publisher)(nil)
	_ publish.Noter       = (*gitlab.Publisher)(nil)
)

func newPublishCmd(io streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "publish",
		Short: "Publish a build output folder to a local repository, GitHub releases, GitLab packages, an OCI registry or operator ConfigMaps",
	}
	cmd.AddCommand(newPublishLocalCmd(io), newPublishGitHubCmd(io), newPublishGitLabCmd(io), newPublishOCICmd(io), newPublishConfigMapsCmd(io))
	return cmd
}

// commonPublish holds the flags every publish command shares.
type commonPublish struct {
	from    string
	dryRun  bool
	replace bool // --replace (replaceFlag)
	format  string
	images  imageGate     // --check-images, --platform (images.go)
	reg     registryFlags // --plain-http, for the image gate and publish oci
	trust   sigFlags      // --verify-key, --certificate-*: the input trust (publish_verify.go)
	resigns bool          // publish oci --sign-*: its Resigner verifies, not run
}

func (c *commonPublish) flags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&c.from, "from", "dist", "build output folder (capirepo build --out)")
	f.BoolVar(&c.dryRun, "dry-run", false, "report what would be published, change nothing")
	outputFlag(cmd, &c.format, "report format", reportFormats())
	c.images.flags(cmd)
	c.reg.flags(cmd)
	c.trustFlags(cmd)
}

// replaceFlag adds --replace, which allows replacing different content.
func (c *commonPublish) replaceFlag(cmd *cobra.Command, usage string) {
	cmd.Flags().BoolVar(&c.replace, "replace", false, usage)
}

// policy is the run's publish.Policy from the flags.
func (c *commonPublish) policy() publish.Policy { return policy(c.replace, c.dryRun) }

// policy is the one mapping of the command line to publish.Policy: --replace (every
// publish command and mirror) is Replace, --dry-run DryRun.
func policy(replace, dryRun bool) publish.Policy {
	return publish.Policy{Replace: replace, DryRun: dryRun}
}

// run loads the set, publishes it to d (publish.Publish, under the flags' policy)
// and prints the report.
func (c *commonPublish) run(cmd *cobra.Command, io streams, d publish.Destination) error {
	if err := checkOutput(c.format, reportFormats()); err != nil {
		return err
	}
	set, err := localrepo.ReadSet(c.from)
	if err != nil {
		return withCode(ExitInput, err)
	}
	if err := c.verifyInput(set); err != nil {
		return err
	}
	if err := c.images.check(cmd.Context(), io, &c.reg, set); err != nil {
		return err
	}
	bar := uploadBar(io, c.format != "json")
	rep, err := publish.Publish(bar.context(cmd.Context()), set, d, c.policy())
	bar.finish()
	if rep != nil && (err == nil || len(rep.Actions) > 0) { // no "0 written" line for a run that failed before its plan
		if werr := writeReport(io, c.format, rep); werr != nil && err == nil {
			err = werr
		}
	}
	return publishErr(err)
}

func writeReport(io streams, format string, rep *publish.Report) error {
	if format == "json" {
		return writeJSON(io, rep)
	}
	rep.WriteText(io.out)
	return nil
}

// publishErr maps a publisher's outcome to an exit code: a conflict (refused before
// any write, for every destination) is 5, anything else from the destination 4
// (an interrupt is turned into 130 by exitCode).
func publishErr(err error) error {
	switch {
	case errors.Is(err, publish.ErrConflict):
		return withCode(ExitConflict, err)
	case errors.Is(err, publish.ErrInvalid):
		return withCode(ExitInput, err)
	case errors.Is(err, sign.ErrVerify): // publish oci --sign-* refused a release before any write
		return withCode(ExitFindings, err)
	}
	return withCode(ExitPublish, err)
}

// readToken is source.ReadTokenFile with its errors as usage errors.
func readToken(file string) (string, error) {
	tok, err := source.ReadTokenFile(file)
	if err != nil {
		return "", usageErr(err)
	}
	return tok, nil
}

// noCredentials is source.NoCredentials for a URL flag, as a usage error (the URLs
// capirepo reads are refused by pkg/source itself).
func noCredentials(flag, raw string) error {
	if err := source.NoCredentials(flag, raw); err != nil {
		return usageErr(err)
	}
	return nil
}
