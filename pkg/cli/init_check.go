package cli

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/initcheck"
	"github.com/capirepo/capirepo/pkg/scaffold"
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
	f.StringVar(&c.against, "check-against", "", "the last release to prove the config from (and, with --check, to compare with): a URL or folder as diff reads it (default: the tag's release on the origin remote's GitHub or GitLab)")
	f.StringVar(&c.tag, "check-tag", "", "the release tag whose tree is matched with the release (default: the newest vX.Y.Z tag)")
	outputFlag(cmd, &c.format, "report format (of init's config, or with --check of its comparison)", reportFormats())
	c.src.flags(cmd, false)
}

// enabled is true with --check.
func (c *initCheck) enabled() bool { return c.on }

// propose inspects dir and proves the plan from its last release when one can be read
// (--check-against, or the newest tag's release on the origin remote's forge).
func (c *initCheck) propose(ctx context.Context, io streams, dir string) (*scaffold.Plan, error) {
	opts, err := c.src.options(io.getenv)
	if err != nil {
		return nil, err
	}
	plan, err := initcheck.Propose(ctx, initcheck.Options{Dir: dir, Tag: c.tag, Against: c.against, Source: opts})
	switch {
	case err == nil:
		return plan, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case c.against != "":
		return nil, loadFailure(err)
	}
	return nil, withCode(ExitInput, err)
}

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
