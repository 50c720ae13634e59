package cli

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/backend/configmap"
	"github.com/capirepo/capirepo/pkg/install"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/verify"
	"github.com/spf13/cobra"
)

type verifyOptions struct {
	format string
	src    sourceFlags         // --github-url, --gitlab-url, --token-file, --type, --plain-http
	getenv func(string) string // tokens come from here
	strict bool                // contract breaks are errors too
	sig    sigFlags            // --key, --certificate-* (sigverify.go)
	inst   installFlags        // --install and its flags (verify_install.go)
}

func newVerifyCmd(io streams) *cobra.Command {
	o := &verifyOptions{getenv: io.lookup}
	cmd := &cobra.Command{
		Use:   "verify URL",
		Short: "Read a published repository the way clusterctl does and report what it will see",
		Long: `verify reads a provider repository through the URL clusterctl would use: a local path or
file:// URL ({base}/{label}/{version|latest}/{components file}, a provider folder
{base}/{label}, or a whole repository root such as build's output folder; relative paths
are resolved), https://github.com/OWNER/NAME/releases/{tag|latest}/{file}, or a GitLab
generic package URL, or oci://REGISTRY/PATH/<label>[:<version>] (read as the
cluster-api-operator reads it: tags are versions, titled layers are files), or a folder of
the operator's ConfigMaps and provider objects (publish configmaps, read as the operator
reads them: selector, version labels, release series and contract, decompression). It lists versions, resolves latest with clusterctl's rules (for clusterctl
v1.7-v1.10 and v1.11+), loads every version's files, lints them, and checks that the
newest metadata.yaml covers every version (the upgrade plan rule). Errors are what makes
clusterctl fail (the repo-* rules, unparsable files, rules citing a clusterctl failure);
a provider breaking a contract is a warning with file and line, an error with --strict.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, io, args[0]) },
	}
	f := cmd.Flags()
	outputFlag(cmd, &o.format, "output format (github and sarif: the findings, paths relative to the repository read; the report then goes to stderr)", lint.Formats)
	o.src.flags(cmd, true)
	f.BoolVar(&o.strict, "strict", false, "fail on contract breaks too (by default only what makes clusterctl fail is an error)")
	o.sig.flags(cmd, "verify-key")
	o.inst.flags(cmd, true)
	return cmd
}

func (o *verifyOptions) run(cmd *cobra.Command, io streams, raw string) error {
	if err := checkOutput(o.format, lint.Formats); err != nil {
		return err
	}
	policy, err := o.sig.policy()
	if err != nil {
		return err
	}
	if configmap.Looks(raw) {
		if policy != nil {
			return usageErr(fmt.Errorf("%s: operator ConfigMaps carry no signature bundle; verify the repository they were made from", raw))
		}
		if o.format != "text" && o.format != "json" {
			return usageErr(fmt.Errorf("-o %s: a folder of operator ConfigMaps is reported as text or json (its errors name no file line)", o.format))
		}
		return o.verifyConfigMaps(io, raw) // a folder of operator ConfigMaps (verify_configmaps.go)
	}
	targets, err := o.targets(raw)
	if err != nil {
		return err
	}
	var reports []*verify.Report
	var installs []*install.Report
	var all lint.Findings
	for _, t := range targets {
		memo := newMemo(t)
		rep, err := verify.Provider(cmd.Context(), memo, verify.Options{Lint: true, Strict: o.strict, Signature: policy})
		if err == nil {
			err = verifyUpgrades(cmd.Context(), io, memo, rep) // verify_upgrade.go
		}
		if err != nil {
			return withCode(readFailure(t), fmt.Errorf("verifying %s: %w", t.Info().Label, err))
		}
		reports = append(reports, rep)
		all = append(all, rep.AllFindings()...)
		if o.inst.on {
			ir, err := o.inst.check(cmd.Context(), io, memo, rep)
			if err != nil {
				return err
			}
			installs = append(installs, ir)
			all = append(all, ir.Findings...)
		}
	}
	cfg, err := o.configFindings(targets)
	if err != nil {
		return withCode(ExitInput, err)
	}
	for _, fs := range cfg {
		all = append(all, fs...)
	}
	reports = verify.WithConfig(reports, cfg)
	if err := writeVerify(io, o.format, reports, installs, all, raw); err != nil {
		return err
	}
	operatorFails := operatorView(cmd.Context(), io, o.format, targets) // oci:// only (verify_oci.go)
	if all.HasErrors() || operatorFails {
		return silentErr(ExitFindings, fmt.Errorf("verify: %d error(s)", all.Count(lint.Error)))
	}
	return nil
}

// writeVerify prints the reports (json, text), or the findings on stdout relative
// to the repository read (github, sarif) with the text report on stderr.
func writeVerify(io streams, format string, reports []*verify.Report, installs []*install.Report, all lint.Findings, raw string) error {
	w := io.out
	switch {
	case format == "json" && installs != nil:
		return writeJSON(io, map[string]any{"verify": reports, "install": installs})
	case format == "json":
		return writeJSON(io, reports)
	case format == "github" || format == "sarif":
		all.Sort()
		if err := lint.WriteWith(io.out, format, all, lint.Options{Rules: allRules(), Layout: raw}); err != nil {
			return err
		}
		w = io.err
	}
	for _, r := range reports {
		var b strings.Builder
		if err := r.WriteText(&b); err != nil {
			return err
		}
		if _, err := fmt.Fprint(w, lint.Terminal(b.String())); err != nil { // remote names escaped
			return err
		}
	}
	for _, r := range installs {
		if err := r.WriteText(w); err != nil {
			return err
		}
	}
	return nil
}
