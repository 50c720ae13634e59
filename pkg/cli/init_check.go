package cli

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/initcheck"
	"github.com/spf13/cobra"
)

// initCheck is init --check: build the newest release tag with the proposed config and
// diff it against the published release (pkg/initcheck).
type initCheck struct {
	on           bool
	against, tag string
	format       string
	src          sourceFlags
}

func (c *initCheck) flags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.BoolVar(&c.on, "check", false, "write nothing: build the newest release tag with the proposed config and diff it against that tag's published release")
	f.StringVar(&c.against, "check-against", "", "with --check: the release to compare with, a URL or folder as diff reads it (default: the tag's release on the origin remote's GitHub or GitLab)")
	f.StringVar(&c.tag, "check-tag", "", "with --check: the release tag to build (default: the newest vX.Y.Z tag)")
	outputFlag(cmd, &c.format, "report format (of init's config, or with --check of its comparison)", reportFormats())
	c.src.flags(cmd, false)
}

// enabled is true with --check, or any flag that only means something with it.
func (c *initCheck) enabled() bool { return c.on || c.against != "" || c.tag != "" }

func (c *initCheck) run(ctx context.Context, io streams, dir string) error {
	if err := checkOutput(c.format, reportFormats()); err != nil {
		return err
	}
	opts, err := c.src.options(io.getenv)
	if err != nil {
		return err
	}
	res, err := initcheck.Run(ctx, initcheck.Options{Dir: dir, Tag: c.tag, Against: c.against, Source: opts})
	if err != nil {
		return loadFailure(err)
	}
	if c.format == "json" {
		err = writeJSON(io, res)
	} else {
		err = res.WriteText(io.out)
	}
	if err != nil {
		return err
	}
	if len(res.Differences) > 0 {
		return silentErr(ExitFindings, fmt.Errorf("init --check: %d difference(s)", len(res.Differences)))
	}
	return nil
}
