package cli

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/capirepo/capirepo/pkg/backend/github"
	"github.com/capirepo/capirepo/pkg/backend/gitlab"
	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/verify"
)

func localSource(root, label string) verify.Source { return local.Repo{Root: root}.Provider(label) }

// rootTargets verifies every provider folder of a local repository root.
func rootTargets(root string) ([]verifyTarget, error) {
	ctx := context.Background()
	repo := local.Repo{Root: root}
	labels, err := repo.Labels(ctx)
	if err != nil {
		return nil, withCode(ExitInput, err)
	}
	var out []verifyTarget
	for _, label := range labels {
		if label == "cert-manager" {
			continue // read by version from clusterctl.yaml, needs no metadata.yaml
		}
		out = append(out, verifyTarget{src: repo.Provider(label), label: label, file: componentsFileOf(ctx, repo, label)})
	}
	if len(out) == 0 {
		return nil, withCode(ExitInput, fmt.Errorf("%s: no provider folders (<label>/<version>/) found", root))
	}
	return out, nil
}

// componentsFileOf finds the *components.yaml of a provider's newest version.
func componentsFileOf(ctx context.Context, repo local.Repo, label string) string {
	typ, _ := layout.ParseLabel(label)
	versions, _ := repo.Versions(ctx, label)
	sorted := layout.SortVersions(versions)
	if len(sorted) > 0 {
		files, _ := repo.Files(ctx, label, sorted[0].Tag)
		var comps []string
		for _, f := range files {
			if layout.FileKind(f) == layout.KindComponents {
				comps = append(comps, f)
			}
		}
		if c := layout.MainComponents(typ, comps); c != "" {
			return c
		}
	}
	return layout.ComponentsFile(typ)
}

// githubSource skips versions whose metadata.yaml is missing, as clusterctl does on GitHub.
type githubSource struct{ *github.Repo }

func (githubSource) SkipsMissing() bool { return true }

func (o *verifyOptions) githubTarget(raw string) ([]verifyTarget, error) {
	owner, repo, _, file, err := github.ParseURL(raw)
	if err != nil {
		return nil, usageErr(err)
	}
	tok, err := readToken(o.getenv, o.tokenFile, "GITHUB_TOKEN", "GH_TOKEN")
	if err != nil {
		return nil, err
	}
	api, _ := githubURLs(o.githubURL, "")
	r, err := github.NewRepo(github.Options{Owner: owner, Repo: repo, Token: tok, APIURL: api})
	if err != nil {
		return nil, usageErr(err)
	}
	name := strings.TrimPrefix(strings.TrimPrefix(repo, "cluster-api-provider-"), "cluster-api-")
	return []verifyTarget{{src: githubSource{r}, label: layout.Label(o.providerType(file), name), file: file}}, nil
}

func (o *verifyOptions) gitlabTarget(raw string) ([]verifyTarget, error) {
	base, project, pkg, _, file, err := gitlab.ParseURL(raw)
	if err != nil {
		return nil, usageErr(gitlabHostHint(raw, err))
	}
	tok, err := readToken(o.getenv, o.tokenFile, "GITLAB_ACCESS_TOKEN")
	if err != nil {
		return nil, err
	}
	if o.gitlabURL != "" {
		base = o.gitlabURL
	}
	r, err := gitlab.NewRepo(gitlab.Options{BaseURL: base, Project: project, Package: pkg, Token: tok})
	if err != nil {
		return nil, usageErr(err)
	}
	label := pkg
	if typ, _ := layout.ParseLabel(pkg); typ == layout.CoreProvider && pkg != "cluster-api" {
		label = layout.Label(o.providerType(file), pkg)
	}
	return []verifyTarget{{src: r, label: label, file: file}}, nil
}

// gitlabHostHint explains clusterctl's terse refusal of a GitLab URL whose scheme or
// host it does not accept (such as the URL publish prints for a test instance).
func gitlabHostHint(raw string, err error) error {
	u, perr := url.Parse(raw)
	if perr != nil || (u.Scheme == "https" && strings.HasPrefix(u.Host, "gitlab.")) {
		return err
	}
	return fmt.Errorf("%w: clusterctl reads GitLab packages only over https from a host whose name starts with \"gitlab.\", not %s://%s; serve the instance under such a name (a DNS alias is enough) and verify that URL", err, u.Scheme, u.Host)
}

// providerType is --type, or the type whose recommended components file name this is.
func (o *verifyOptions) providerType(file string) string {
	if o.typ != "" {
		return o.typ
	}
	for _, t := range layout.Types {
		if layout.ComponentsFile(t) == file {
			return t
		}
	}
	return layout.InfrastructureProvider
}
