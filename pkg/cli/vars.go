package cli

import (
	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/pipeline"
	"github.com/capirepo/capirepo/pkg/remote"
	"github.com/capirepo/capirepo/pkg/variables"
	"github.com/spf13/cobra"
)

type varsOptions struct {
	config, format string
	version        layout.Version
}

func newVarsCmd(io streams) *cobra.Command {
	o := &varsOptions{}
	cmd := &cobra.Command{
		Use:   "vars [PATH...]",
		Short: "List the ${VAR} variables of templates and components as clusterctl sees them",
		Long: `vars prints, per file, every variable: required or its default, and every line using
it. PATH is a file, a release folder or a repository root; with no PATH, what
capirepo.yaml builds. --format markdown gives the variables table to publish for users.`,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, io, args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.config, "config", config.DefaultFile, "configuration file (without PATH)")
	versionFlag(cmd, &o.version, "version to build (without PATH; default: newest series)")
	outputFlag(cmd, &o.format, "output format", []string{"text", "markdown", "json"})
	return cmd
}

func (o *varsOptions) run(cmd *cobra.Command, io streams, args []string) error {
	write := map[string]func(*varsOptions, streams, []variables.FileVars) error{
		"text": func(_ *varsOptions, io streams, fv []variables.FileVars) error {
			return variables.WriteText(io.out, fv)
		},
		"markdown": func(_ *varsOptions, io streams, fv []variables.FileVars) error {
			return variables.WriteMarkdown(io.out, fv)
		},
		"json": func(_ *varsOptions, io streams, fv []variables.FileVars) error {
			return variables.WriteJSON(io.out, fv)
		},
	}[o.format]
	if write == nil {
		return checkOutput(o.format, []string{"text", "markdown", "json"})
	}
	rels, err := o.releases(cmd, io, args)
	if err != nil {
		return err
	}
	var all []variables.FileVars
	for _, r := range rels {
		fv, err := variables.Release(r.Release, r.Dir)
		if err != nil {
			return withCode(ExitFindings, err)
		}
		all = append(all, fv...)
	}
	return write(o, io, all)
}

func (o *varsOptions) releases(cmd *cobra.Command, io streams, args []string) ([]check.Target, error) {
	if len(args) > 0 {
		ts, err := check.Discover(args)
		return ts, withCode(ExitInput, err)
	}
	cfg, err := config.Load(o.config)
	if err != nil {
		return nil, usageErr(err)
	}
	version, err := pipeline.LintVersion(cfg, o.version)
	if err != nil {
		return nil, withCode(ExitInput, err)
	}
	res, err := pipeline.Build(cmd.Context(), cfg, pipeline.Options{Version: version, Published: []string{}, CacheDir: remote.UserCacheDir(io.lookup)})
	if err != nil {
		return nil, withCode(ExitInput, err)
	}
	return check.SetTargets(res.Set), nil
}
