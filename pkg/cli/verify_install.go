package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/install"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/verify"
	"github.com/spf13/cobra"
)

// installFlags are verify's (and build's) --install and the flags it reads.
type installFlags struct {
	on                                 bool
	assets, clusterctl, config, values string
	certManager                        string
	upgradeFrom                        []string
}

func (f *installFlags) flags(cmd *cobra.Command, versions bool) {
	fl := cmd.Flags()
	fl.BoolVar(&f.on, "install", false, "install the release on a throwaway control plane (envtest's etcd and kube-apiserver, loopback only) with the real clusterctl, and dry-run every flavor against the API server (docs/commands/verify.md)")
	fl.StringVar(&f.assets, "kubebuilder-assets", "", "with --install: the folder holding etcd and kube-apiserver (default $KUBEBUILDER_ASSETS, as setup-envtest fills it)")
	fl.StringVar(&f.clusterctl, "clusterctl", "clusterctl", "with --install: the clusterctl binary")
	fl.StringVar(&f.config, "clusterctl-config", "", "with --install: clusterctl's --config naming the core, bootstrap and control-plane providers to install with the release (an air-gapped mirror's clusterctl.yaml works as it is)")
	fl.StringVar(&f.certManager, "cert-manager-file", "", "with --install: the cert-manager.yaml of the cert-manager release clusterctl installs, whose CRDs are installed so that clusterctl skips installing cert-manager (default: the file --clusterctl-config's cert-manager url names, as a mirror's does)")
	fl.StringVar(&f.values, "values", "", "with --install: a YAML file of template variables (NAME: value); others get their defaults or a placeholder")
	if !versions {
		return
	}
	fl.StringSliceVar(&f.upgradeFrom, "upgrade-from-version", nil, "with --install: the earlier versions to upgrade from (default: the newest earlier release of each release series in the repository)")
}

// check installs the newest version of a verified provider and upgrades to it from
// the earlier ones.
func (f *installFlags) check(ctx context.Context, io streams, r repository.Repository, rep *verify.Report) (*install.Report, error) {
	if len(rep.Versions) == 0 {
		return nil, withCode(ExitInput, fmt.Errorf("%s: no version to install", rep.Label))
	}
	vals, err := install.ReadValues(f.values)
	if err != nil {
		return nil, installErr(err)
	}
	next, err := readInstall(ctx, r, rep.Label, rep.Versions[0].Version)
	if err != nil {
		return nil, withCode(readFailure(r), err)
	}
	var earlier []install.Release
	for _, v := range f.earlier(rep) {
		e, err := readInstall(ctx, r, rep.Label, v)
		if err != nil {
			return nil, withCode(readFailure(r), err)
		}
		earlier = append(earlier, e)
	}
	o, err := f.options(io, vals)
	if err != nil {
		return nil, err
	}
	ir, err := install.Check(ctx, next, earlier, o)
	return ir, installErr(err)
}

func (f *installFlags) options(io streams, vals map[string]string) (install.Options, error) {
	self, err := os.Executable()
	if err != nil {
		return install.Options{}, err
	}
	assets := f.assets
	if assets == "" {
		assets = io.getenv(install.AssetsEnv)
	}
	return install.Options{Self: []string{self}, Assets: assets, Clusterctl: f.clusterctl, ClusterctlConfig: f.config, CertManager: f.certManager, Values: vals, Log: io.err}, nil
}

// checkSet installs every release build made (build --install), before it is written.
func (f *installFlags) checkSet(ctx context.Context, io streams, set *release.Set) (lint.Findings, error) {
	vals, err := install.ReadValues(f.values)
	if err != nil {
		return nil, installErr(err)
	}
	o, err := f.options(io, vals)
	if err != nil {
		return nil, err
	}
	var all lint.Findings
	for _, r := range set.Releases {
		files := map[string][]byte{}
		for _, fl := range r.Files {
			files[fl.Name] = fl.Data
		}
		rel := install.Release{Label: r.Label(), Version: r.Version.String(), Files: files}
		ir, err := install.Check(ctx, rel, nil, o)
		if err != nil {
			return nil, installErr(err)
		}
		if err := ir.WriteText(io.err); err != nil {
			return nil, err
		}
		all = append(all, ir.Findings...)
	}
	return all, nil
}

// earlier is --upgrade-from-version, else the newest earlier release of each series
// (the new release's own series included: a patch upgrade).
func (f *installFlags) earlier(rep *verify.Report) []string {
	if len(f.upgradeFrom) > 0 {
		return f.upgradeFrom
	}
	var out []string
	series := func(v layout.Version) string { return fmt.Sprintf("%d.%d", v.Major(), v.Minor()) }
	seen := map[string]bool{}
	for _, v := range rep.Versions[1:] { // highest first
		lv := layout.NamedVersion(v.Version)
		if lv.Valid() && lv.Prerelease() == "" && !seen[series(lv)] {
			seen[series(lv)] = true
			out = append(out, v.Version)
		}
	}
	return out
}

func readInstall(ctx context.Context, r repository.Repository, label, version string) (install.Release, error) {
	in, err := diff.ReadRelease(ctx, r, version)
	if err != nil {
		return install.Release{}, fmt.Errorf("reading %s %s: %w", label, version, err)
	}
	files := map[string][]byte{}
	for _, f := range in.Files {
		files[f.Name] = f.Data
	}
	return install.Release{Label: label, Version: version, Files: files}, nil
}

// installErr maps the install's errors to exit codes: 3 a missing binary or input,
// 4 a control plane that did not start (or no private network namespace).
func installErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled):
		return err
	case errors.Is(err, install.ErrMissing):
		return withCode(ExitInput, err)
	case errors.Is(err, install.ErrStart), errors.Is(err, install.ErrIsolate):
		return withCode(ExitControlPlane, err)
	}
	return withCode(ExitControlPlane, err)
}

// ExitControlPlane is verify --install's 4: the control plane did not start.
const ExitControlPlane = ExitPublish
