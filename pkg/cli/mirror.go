package cli

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/capirepo/capirepo/pkg/backend/github"
	"github.com/capirepo/capirepo/pkg/backend/gitlab"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/mirror"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/capirepo/capirepo/pkg/verify"
)

type mirrorOptions struct {
	out, fromConfig, certManager, certManagerURL string
	contract, githubURL, gitlabURL, registry     string
	toGitLab, gitlabProject                      string
	configMaps                                   string // --configmaps (mirror_configmaps.go)
	jobs                                         int
	strict, quiet, force, dryRun                 bool
	format                                       string                    // -o (mirror_report.go)
	picks                                        map[layout.Type]*[]string // provider type -> name[:version] args
	getenv                                       func(string) string       // tokens come from here
	oci                                          mirrorOCI                 // --images-to, --images-layout, --to-oci
	sig                                          sigFlags                  // --verify-key, --certificate-* (sigverify.go)
	sign                                         signFlags                 // --sign-key, --sign-keyless: sign the --to-oci artifacts
}

// newMirrorCmd reads tokens through io's injected environment.
func newMirrorCmd(io streams) *cobra.Command {
	o := &mirrorOptions{picks: map[layout.Type]*[]string{}, getenv: io.lookup}
	cmd := &cobra.Command{
		Use:   "mirror --out DIR [--core NAME[:VERSION]]... [--infrastructure NAME[:VERSION]]... [--from-config FILE]",
		Short: "Mirror provider releases and cert-manager into an air-gapped clusterctl repository",
		Long: `mirror downloads the picked provider releases (metadata.yaml, the components file,
every cluster-template*.yaml and clusterclass-*.yaml) from GitHub releases, GitLab
generic packages or local repositories, lints them, and publishes them into the local
repository DIR, with cert-manager in DIR/cert-manager/<version>/. Beside the tree it
writes DIR/clusterctl.yaml (file:// providers, cert-manager, images), DIR/images.txt
and DIR/mirror.json. Files already in DIR with their recorded checksum are not
downloaded again. "latest" is resolved with clusterctl's rules for --contract
(v1beta2: clusterctl v1.11+; v1beta1: clusterctl v1.7-v1.10); GitLab needs a version.
Tokens (first set wins, never printed): GITHUB_TOKEN, GH_TOKEN; GITLAB_ACCESS_TOKEN,
GITLAB_TOKEN, CI_JOB_TOKEN, GITLAB_DEPLOY_TOKEN. clusterctl.yaml names DIR's absolute
path: after DIR moves, run "capirepo mirror relink DIR" at its new place.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd.Context(), io) },
	}
	cmd.AddCommand(newMirrorRelinkCmd(io))
	f := cmd.Flags()
	for _, t := range layout.Types {
		list := []string{}
		o.picks[t] = &list
		f.StringArrayVar(&list, layout.TypeFlag(t), nil, "mirror this "+string(t)+" (name[:version], repeatable; no version = the URL's, usually latest)")
	}
	f.StringVar(&o.out, "out", "", "the mirror folder (a clusterctl local repository; required)")
	f.StringVar(&o.fromConfig, "from-config", "", "clusterctl.yaml whose providers: replace and extend the built-in list; each is mirrored at its URL's version unless a flag picks it")
	certDefault, cc := mirror.DefaultCertManager()
	f.StringVar(&o.certManager, "cert-manager", certDefault, `cert-manager version to mirror ("" to skip; default: the one clusterctl `+cc+` installs)`)
	f.StringVar(&o.certManagerURL, "cert-manager-url", "https://github.com/cert-manager/cert-manager/releases/{version}/cert-manager.yaml", "where cert-manager comes from (clusterctl URL form)")
	f.StringVar(&o.contract, "contract", layout.ContractV1beta2, "clusterctl contract that resolves latest: v1beta2 (clusterctl v1.11+) or v1beta1")
	f.StringVar(&o.githubURL, "github-url", "", "GitHub Enterprise (or test) server root; the API is read at URL/api/v3/")
	f.StringVar(&o.gitlabURL, "gitlab-url", "", "read GitLab provider URLs from this instance URL instead of their own host")
	f.StringVar(&o.registry, "image-registry", "", "write images: {all: {repository: REG}} into clusterctl.yaml")
	f.IntVar(&o.jobs, "jobs", 8, "parallel remote requests (listings and downloads, over all providers) and blob transfers per image")
	f.BoolVar(&o.strict, "strict", false, "publish nothing when a downloaded release has lint errors")
	f.BoolVar(&o.quiet, "quiet", false, "no progress display")
	f.BoolVar(&o.force, "replace", false, "replace a version already in --out (and at --to-gitlab, --to-oci) whose content differs (an upstream re-release)")
	f.StringVar(&o.toGitLab, "to-gitlab", "", "also publish the mirrored releases to this GitLab instance's generic packages (token: the first set of "+source.TokenVarNames(source.GitLabTokenVars, "")+")")
	f.StringVar(&o.gitlabProject, "gitlab-project", "", "GitLab project (group/name or id) for --to-gitlab")
	f.BoolVar(&o.dryRun, "dry-run", false, "download and check everything, write nothing: report what each destination would get (exit codes as a real run)")
	outputFlag(cmd, &o.format, "format of the findings and the report", lint.Formats)
	f.StringVar(&o.configMaps, "configmaps", "", "also write the mirrored providers as cluster-api-operator ConfigMaps and provider objects into this folder (as publish configmaps)")
	o.oci.flags(cmd)
	o.sig.flags(cmd, "verify-key")
	o.sign.flags(cmd)
	o.sign.rederiveFlag(cmd)
	o.sig.signs = &o.sign
	return cmd
}

func (o *mirrorOptions) run(ctx context.Context, io streams) error {
	if err := checkOutput(o.format, lint.Formats); err != nil {
		return err
	}
	jobs, cert, err := o.plan()
	if err != nil {
		return usageErr(err)
	}
	also, err := o.also()
	if err != nil {
		return usageErr(err)
	}
	policy, err := o.sig.policy()
	if err != nil {
		return usageErr(err) // an unusable --verify-key or --trusted-root: mirror's input errors are its sources (4)
	}
	show := o.progress(io)
	opts := o.options(cert, also, show)
	opts.Signature = policy
	rs, err := o.resigner(ctx, io)
	if err != nil {
		return err
	}
	o.oci.bar = o.format != "json"
	if err := o.oci.apply(io, o.quiet, o.jobs, rs, &opts); err != nil {
		return err
	}
	o.addConfigMaps(&opts)
	res, err := mirror.Run(ctx, jobs, opts)
	if show.end(); res != nil {
		if werr := o.print(io, res); werr != nil && err == nil {
			err = werr
		}
	}
	return mirrorErr(err, res, o.strict, o.out)
}

// plan turns the flags into jobs with their sources.
func (o *mirrorOptions) plan() ([]mirror.Job, mirror.CertManagerJob, error) {
	var none mirror.CertManagerJob
	if o.out == "" {
		return nil, none, fmt.Errorf("--out: give the mirror folder")
	}
	if o.jobs < 0 {
		return nil, none, fmt.Errorf("--jobs %d: use a positive number", o.jobs)
	}
	if err := o.ownFolders(); err != nil {
		return nil, none, err
	}
	if err := verify.CheckContract(o.contract); err != nil {
		return nil, none, fmt.Errorf("--contract %w", err)
	}
	args := map[layout.Type][]string{}
	for t, list := range o.picks {
		args[t] = *list
	}
	picks, err := mirror.Picks(o.fromConfig, args)
	if err != nil {
		return nil, none, err
	}
	if len(picks) == 0 && o.certManager == "" {
		return nil, none, fmt.Errorf("nothing to mirror: pick providers with --core, --infrastructure, ... or --from-config")
	}
	var jobs []mirror.Job
	for _, p := range picks {
		src, err := o.source(p.Provider, p.Version)
		if err != nil {
			return nil, none, err
		}
		jobs = append(jobs, mirror.Job{Pick: p, Source: src})
	}
	cert, err := o.certJob()
	return jobs, cert, err
}

// ownFolders refuses an --images-layout or --configmaps folder that is the mirror
// folder: each is written under its own lock, which mirror already holds there.
func (o *mirrorOptions) ownFolders() error {
	out, _ := filepath.Abs(o.out)
	for _, f := range []struct{ flag, dir string }{{"--images-layout", o.oci.imagesLayout}, {"--configmaps", o.configMaps}} {
		if dir, _ := filepath.Abs(f.dir); f.dir != "" && dir == out {
			return fmt.Errorf("%s %s is the mirror folder (--out): give it a folder of its own", f.flag, f.dir)
		}
	}
	return nil
}

func (o *mirrorOptions) certJob() (mirror.CertManagerJob, error) {
	if o.certManager == "" {
		return mirror.CertManagerJob{}, nil
	}
	if !layout.IsVersion(o.certManager) {
		return mirror.CertManagerJob{}, fmt.Errorf("--cert-manager %q is not a version: give one such as v1.16.1, or \"\" to skip cert-manager", o.certManager)
	}
	u, file := mirror.CertManagerURL(o.certManagerURL, o.certManager)
	p := mirror.Provider{Provider: layout.Provider{Name: mirror.CertManager}, URL: u}
	src, err := o.source(p, o.certManager)
	if err != nil {
		return mirror.CertManagerJob{}, fmt.Errorf("--cert-manager-url: %w", err)
	}
	return mirror.CertManagerJob{Version: o.certManager, URL: u, File: file, Source: src}, nil
}

// source builds the repository a provider URL points at (source.ForRelease:
// clusterctl's repository types, one token policy, size caps, no symbolic links).
func (o *mirrorOptions) source(p mirror.Provider, version string) (repository.Repository, error) {
	opts := source.Options{Getenv: o.getenv, GitLabURL: o.gitlabURL}
	if o.githubURL != "" {
		opts.GitHubAPIURL, _ = github.EnterpriseURLs(o.githubURL, "")
	}
	return source.ForRelease(p.URL, p.Label(), p.Name, version, opts)
}

// also is the --to-gitlab destination, if any.
func (o *mirrorOptions) also() ([]publish.Destination, error) {
	if o.toGitLab == "" && o.gitlabProject == "" {
		return nil, nil
	}
	if o.toGitLab == "" || o.gitlabProject == "" {
		return nil, fmt.Errorf("--to-gitlab and --gitlab-project go together: give the instance URL and the project")
	}
	if err := noCredentials("--to-gitlab", o.toGitLab); err != nil {
		return nil, err
	}
	tok := source.GitLabToken(o.getenv, "")
	opts := gitlab.Options{BaseURL: o.toGitLab, Project: o.gitlabProject, Token: tok.Value, TokenKind: tok.Kind, PlainHTTP: o.oci.plainHTTP}
	p, err := gitlab.New(opts)
	if err == nil {
		err = opts.Allows(policy(o.force, false))
	}
	if err != nil {
		return nil, fmt.Errorf("--to-gitlab: %w", err)
	}
	return []publish.Destination{p}, nil
}

// mirrorProgress shows each file as it is downloaded or reused: on a terminal a
// status bar (files, bytes, rate), elsewhere (a CI log) one line per file, written at
// once; -o json and --quiet show none.
type mirrorProgress struct {
	io    streams
	on    bool       // show lines (not --quiet)
	bar   *statusBar // on a terminal
	files int
}

func (o *mirrorOptions) progress(io streams) *mirrorProgress {
	return &mirrorProgress{io: io, on: !o.quiet, bar: newStatusBar(io, !o.quiet && o.format != "json", "files")}
}

func (p *mirrorProgress) event(e mirror.Event) {
	p.files++
	verb := "downloaded"
	if e.Reused {
		verb = "reused"
	}
	switch {
	case p.bar != nil:
		n := int64(e.Bytes)
		if e.Reused {
			n = 0
		}
		p.bar.add(n, verb+" "+e.Release+" "+e.File)
	case p.on:
		fmt.Fprintf(p.io.err, "[%d] %s %s %s\n", p.files, verb, e.Release, e.File)
	}
}

func (p *mirrorProgress) end() { p.bar.finish() }
