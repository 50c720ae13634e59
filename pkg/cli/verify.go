package cli

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/verify"
	"github.com/spf13/cobra"
)

type verifyOptions struct {
	format, githubURL, gitlabURL, tokenFile, typ string
	getenv                                       func(string) string // tokens come from here
}

func newVerifyCmd(io streams) *cobra.Command {
	o := &verifyOptions{getenv: io.lookup}
	cmd := &cobra.Command{
		Use:   "verify URL",
		Short: "Read a published repository the way clusterctl does and report what it will see",
		Long: `verify reads a provider repository through the URL clusterctl would use: a local path or
file:// URL ({base}/{label}/{version|latest}/{components file}, or a whole repository
root), https://github.com/OWNER/NAME/releases/{tag|latest}/{file}, or a GitLab generic
package URL. It lists versions, resolves latest with clusterctl's rules (for clusterctl
v1.7-v1.10 and v1.11+), loads every version's files, lints them, and checks that the
newest metadata.yaml covers every version (the upgrade plan rule).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, io, args[0]) },
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "text", "output format: text|json")
	f.StringVar(&o.githubURL, "github-url", "", "GitHub API base for tests or Enterprise mirrors of github.com releases")
	f.StringVar(&o.gitlabURL, "gitlab-url", "", "read a GitLab URL's package from this instance URL instead of the URL's own host (mirrors, tests)")
	f.StringVar(&o.tokenFile, "token-file", "", "token for private repositories (default: GITHUB_TOKEN / GITLAB_ACCESS_TOKEN)")
	f.StringVar(&o.typ, "type", "", "provider type, for GitLab URLs whose package name is not a provider label")
	return cmd
}

// verifyTarget is one provider to verify.
type verifyTarget struct {
	src         verify.Source
	label, file string
}

func (o *verifyOptions) run(cmd *cobra.Command, io streams, raw string) error {
	if o.format != "text" && o.format != "json" {
		return usageErr(fmt.Errorf("--format %q: want text or json", o.format))
	}
	targets, err := o.targets(raw)
	if err != nil {
		return err
	}
	var reports []*verify.Report
	var all lint.Findings
	for _, t := range targets {
		rep, err := verify.Provider(cmd.Context(), t.src, t.label, t.file, verify.Options{Lint: lintRelease})
		if err != nil {
			return withCode(ExitPublish, fmt.Errorf("verifying %s: %w", t.label, err))
		}
		reports = append(reports, rep)
		all = append(all, rep.AllFindings()...)
	}
	if err := writeVerify(io, o.format, reports); err != nil {
		return err
	}
	if all.HasErrors() {
		return silentErr(ExitFindings, fmt.Errorf("verify: %d error(s)", all.Count(lint.Error)))
	}
	return nil
}

func writeVerify(io streams, format string, reports []*verify.Report) error {
	if format == "json" {
		enc := json.NewEncoder(io.out)
		enc.SetIndent("", "  ")
		return enc.Encode(reports)
	}
	for _, r := range reports {
		if err := r.WriteText(io.out); err != nil {
			return err
		}
	}
	return nil
}

// lintRelease runs every rule over one version's files, as build does.
func lintRelease(label, version string, files map[string][]byte) lint.Findings {
	r := &release.Release{Version: version}
	r.Type, r.Name = layout.ParseLabel(label)
	var comps []string
	for name, data := range files {
		r.Files = append(r.Files, release.File{Name: name, Data: data})
		if layout.FileKind(name) == layout.KindComponents {
			comps = append(comps, name)
		}
	}
	r.ComponentsFile = layout.MainComponents(r.Type, comps)
	r.Sort()
	return check.Release(r, check.Options{Dir: label + "/" + version})
}

// targets turns the URL into the providers to verify.
func (o *verifyOptions) targets(raw string) ([]verifyTarget, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, usageErr(fmt.Errorf("URL %q: %w", raw, err))
	}
	switch {
	case u.Scheme == "https" && u.Host == "github.com":
		return o.githubTarget(raw)
	case (u.Scheme == "https" || u.Scheme == "http") && strings.Contains(u.EscapedPath(), "/packages/generic/"):
		return o.gitlabTarget(raw)
	case u.Scheme == "file" || u.Scheme == "":
		return localTargets(u.Path)
	}
	return nil, usageErr(fmt.Errorf("URL %q: clusterctl reads only local paths, file://, https://github.com/... and GitLab generic package URLs", raw))
}

// localTargets handles a root, or {base}/{label}/{version|latest}/{file}.
func localTargets(p string) ([]verifyTarget, error) {
	if !filepath.IsAbs(p) {
		return nil, usageErr(fmt.Errorf("path %q must be absolute, as clusterctl requires", p))
	}
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return rootTargets(p)
	}
	version := filepath.Dir(p)
	if fi, err := os.Stat(filepath.Dir(version)); err != nil || !fi.IsDir() || len(strings.Split(p, string(filepath.Separator))) < 4 {
		return nil, withCode(ExitInput, fmt.Errorf("%s: no such repository: want a repository root or {base}/{label}/{version|latest}/{components file}", p))
	}
	label := filepath.Dir(version)
	return []verifyTarget{{src: localSource(filepath.Dir(label), filepath.Base(label)),
		label: filepath.Base(label), file: filepath.Base(p)}}, nil
}
