package cli

import (
	"fmt"
	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/pipeline"
	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/remote"
	"github.com/spf13/cobra"
)

type buildOptions struct {
	config    string
	version   layout.Version
	out       string
	jobs      int
	published []string
	disable   []string
	offline   bool
	dryRun    bool
	format    string // -o: findings and report (build_report.go)
	sarif     string // --sarif FILE: the findings as a SARIF log too
	// allowDirty signs a checkout with uncommitted changes (recorded in the statement)
	allowDirty bool
	images     imageGate     // --check-images, --platform (images.go)
	reg        registryFlags // --plain-http for the image gate
	sign       signFlags     // --sign-key, --sign-keyless (sign.go)
	upgrade    upgradeFlags  // --upgrade-from (upgrade.go)
	inst       installFlags  // --install (verify_install.go)
}

func newBuildCmd(io streams) *cobra.Command {
	o := &buildOptions{}
	cmd := &cobra.Command{
		Use:   "build --version vX.Y.Z",
		Short: "Build a clusterctl local repository from the provider source tree",
		Long: `build renders every provider of capirepo.yaml with the kustomize library, runs every
contract rule, and writes OUT/<provider-label>/<version>/ plus OUT/clusterctl.yaml.
The output folder is staged and renamed into place only when everything succeeded.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd, io) },
	}
	f := cmd.Flags()
	f.StringVar(&o.config, "config", config.DefaultFile, "configuration file")
	versionFlag(cmd, &o.version, "release version, strict SemVer with a v prefix (required)")
	f.StringVar(&o.out, "out", "dist", "output folder (replaced as a whole)")
	f.IntVar(&o.jobs, "jobs", 0, "templates rendered in parallel (0 = number of CPUs)")
	f.StringSliceVar(&o.published, "published", nil, "earlier released versions for the metadata check (default: git tags)")
	f.StringSliceVar(&o.disable, "disable", nil, "rule ids to disable (adds to lint.disable in the config)")
	f.BoolVar(&o.offline, "offline", false, "never touch the network: remote resources come from their pinned file or the cache")
	f.BoolVar(&o.dryRun, "dry-run", false, "build and check everything, sign and write nothing: report what would be written (exit codes as a real build)")
	outputFlag(cmd, &o.format, "format of the findings and the report", lint.Formats)
	f.StringVar(&o.sarif, "sarif", "", "also write the findings as a SARIF 2.1.0 log to this file (for a code scanning upload), refused builds included")
	o.images.flags(cmd)
	o.reg.flags(cmd)
	o.sign.flags(cmd)
	o.upgrade.flags(cmd)
	o.inst.flags(cmd, false)
	f.BoolVar(&o.allowDirty, "allow-dirty", false, "with --sign-key or --sign-keyless: sign a checkout with uncommitted changes, which the statement records (else refused, exit 3)")
	_ = cmd.MarkFlagRequired("version")
	return cmd
}

func (o *buildOptions) run(cmd *cobra.Command, io streams) error {
	if err := checkOutput(o.format, lint.Formats); err != nil {
		return err
	}
	defer collectLess(io.getenv)()
	cfg, err := config.Load(o.config)
	if err != nil {
		return usageErr(err)
	}
	skip, err := disabledRules(o.config, cfg.Lint.Disable, o.disable)
	if err != nil {
		return err
	}
	signer, err := o.sign.signer(cmd.Context(), io)
	if err != nil {
		return err
	}
	var statement provenance.Inputs
	if signer != nil {
		if statement, err = buildInputs(cmd.Context(), io, o, cfg); err != nil {
			return err
		}
	}
	res, err := pipeline.Build(cmd.Context(), cfg, pipeline.Options{Version: o.version, Jobs: o.jobs, Published: o.published, CI: inCI(io), SourcePaths: true,
		Offline: o.offline, CacheDir: remote.UserCacheDir(io.getenv)})
	if err != nil {
		return withCode(ExitInput, err)
	}
	if err := withinCaps(res.Set.Releases...); err != nil {
		return err
	}
	for _, n := range res.Notes {
		io.logf("note: %s", n)
	}
	upgrades, err := o.upgrade.check(cmd, io, cfg, res.Set, o.offline, o.reg.plainHTTP)
	if err == nil && len(upgrades) > 0 {
		upgrades, err = res.Locate(cmd.Context(), upgrades) // the upgrade findings name sources too
	}
	if err != nil {
		return err
	}
	fs := append(res.Findings, upgrades...).Without(skip)
	rep, err := o.findings(io, fs, res.Notes)
	if err != nil || fs.HasErrors() {
		return o.refused(io, rep, res.Set, err)
	}
	if o.inst.on {
		ifs, err := o.inst.checkSet(cmd.Context(), io, res.Set)
		if err != nil {
			return err
		}
		if ifs.HasErrors() {
			return silentErr(ExitFindings, fmt.Errorf("build --install: %d error(s); nothing was written", ifs.Count(lint.Error)))
		}
	}
	if err := o.images.check(cmd.Context(), io, &o.reg, res.Set); err != nil {
		return err
	}
	if signer != nil && !o.dryRun {
		if err := attachProvenance(cmd.Context(), signer, statement, res.Set); err != nil {
			return err
		}
	}
	return o.write(io, rep, res.Set)
}
