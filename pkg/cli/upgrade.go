package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/capirepo/capirepo/pkg/upgrade"
	"github.com/spf13/cobra"
)

// upgradeFlags are build's upgrade checks: where the earlier releases are read from.
type upgradeFlags struct {
	from string
	src  sourceFlags // --github-url, --gitlab-url, --token-file (--plain-http is the image gate's)
}

func (u *upgradeFlags) flags(cmd *cobra.Command) {
	cmd.Flags().StringVar(&u.from, "upgrade-from", "", "check the build against the earlier releases of this repository or folder before writing (default: each provider's published URL in capirepo.yaml; --upgrade-from= for none)")
	u.src.forgeFlags(cmd)
}

// upgradeTarget is one repository of earlier releases and the built releases checked
// against it; dir resolves a relative path.
type upgradeTarget struct {
	url, dir string
	releases []*release.Release
}

// check runs the upgrade checks of a build before anything is written and prints what
// each release was checked against; reading a repository fails as diff's does.
func (u *upgradeFlags) check(cmd *cobra.Command, io streams, cfg *config.Config, set *release.Set, offline, plainHTTP bool) (lint.Findings, error) {
	targets, err := u.targets(cmd, io, cfg, set, offline)
	if err != nil || len(targets) == 0 {
		return nil, err
	}
	opts, err := u.src.options(io.getenv)
	if err != nil {
		return nil, err
	}
	opts.Registry.PlainHTTP = plainHTTP
	var out lint.Findings
	for _, t := range targets {
		fs, err := checkOne(cmd.Context(), io, t, opts)
		if err != nil {
			return nil, err
		}
		out = append(out, fs...)
	}
	return out, nil
}

func checkOne(ctx context.Context, io streams, t upgradeTarget, opts source.Options) (lint.Findings, error) {
	opts.Dir = t.dir
	history, err := diff.LoadHistory(ctx, t.url, opts)
	if err != nil {
		return nil, loadFailure(fmt.Errorf("upgrade checks: %w", err))
	}
	return upgradeSteps(io, upgrade.Against(inventory.Built(t.releases, "build"), history), t.url), nil
}

// targets pairs the built releases with the repositories of their earlier releases:
// --upgrade-from for all, else each provider's published URL; --offline reads local
// ones only.
func (u *upgradeFlags) targets(cmd *cobra.Command, io streams, cfg *config.Config, set *release.Set, offline bool) ([]upgradeTarget, error) {
	if cmd.Flags().Changed("upgrade-from") {
		if u.from == "" {
			return nil, nil
		}
		if err := noCredentials("--upgrade-from", u.from); err != nil {
			return nil, err // before a note or error prints it
		}
		if offline && remoteURL(u.from) {
			return nil, usageErr(fmt.Errorf("--upgrade-from %s: --offline reads no network; give a local repository or a folder of earlier releases, or --upgrade-from= to skip the upgrade checks", u.from))
		}
		return []upgradeTarget{{url: u.from, releases: set.Releases}}, nil
	}
	var out []upgradeTarget
	for _, p := range cfg.Providers {
		if err := noCredentials(cfg.File+": "+p.Label()+": published", p.Published); err != nil {
			return nil, err
		}
		var rs []*release.Release
		for _, r := range set.Releases {
			if r.Label() == p.Label() {
				rs = append(rs, r)
			}
		}
		switch {
		case p.Published == "" || len(rs) == 0:
		case offline && remoteURL(p.Published):
			io.logf("note: %s: upgrade checks against %s skipped (--offline); give --upgrade-from a local copy to run them", p.Label(), p.Published)
		default:
			out = append(out, upgradeTarget{url: p.Published, dir: cfg.Dir, releases: rs})
		}
	}
	return out, nil
}

func remoteURL(raw string) bool {
	return strings.Contains(raw, "://") && !strings.HasPrefix(raw, "file://")
}

// upgradeSteps prints what each step checked (stderr) and returns its findings.
func upgradeSteps(io streams, steps []upgrade.Step, from string) lint.Findings {
	var out lint.Findings
	for _, s := range steps {
		io.logf("note: upgrade %s (%s)", s.Summary(), from)
		out = append(out, s.Findings...)
	}
	return out
}

// runUpgrade is diff --upgrade OLD NEW: NEW's releases checked against OLD's earlier
// releases; the findings are the result (stdout), errors exit 1.
func (o *diffOptions) runUpgrade(cmd *cobra.Command, io streams, a, b string) error {
	skip, err := disabledRules("", nil, o.disable)
	if err != nil {
		return err
	}
	opts, err := o.src.options(io.getenv)
	if err != nil {
		return err
	}
	sides, err := loadSides(cmd.Context(), opts, a, b, diff.LoadHistory)
	if err != nil {
		return err
	}
	fs := upgradeSteps(io, upgrade.Against(sides[1], sides[0]), a).Without(skip)
	fs.Sort()
	if err := lint.Write(io.out, o.format, fs, upgrade.Rules()); err != nil {
		return err
	}
	if fs.HasErrors() {
		return silentErr(ExitFindings, fmt.Errorf("diff --upgrade: %d error(s)", fs.Count(lint.Error)))
	}
	return nil
}
