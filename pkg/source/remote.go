package source

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/capirepo/capirepo/pkg/backend/github"
	"github.com/capirepo/capirepo/pkg/backend/gitlab"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/repository"
)

func openGitHub(raw string, o Options) (repository.Repository, error) {
	owner, repo, tag, file, err := github.ParseURL(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnsupported, err)
	}
	tok := o.Token
	if tok == "" {
		tok = GitHubToken(o.Getenv).Value
	}
	opts := github.Options{Owner: owner, Repo: repo, Token: tok, APIURL: o.GitHubAPIURL, HTTPClient: o.HTTPClient, PlainHTTP: o.Registry.PlainHTTP}
	opts.Retry.Sleep = o.Sleep
	r, err := github.NewRepo(opts)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnsupported, err)
	}
	r.MaxFileSize = o.MaxFileSize
	name := strings.TrimPrefix(strings.TrimPrefix(repo, "cluster-api-provider-"), "cluster-api-")
	r.About = repository.Info{Label: layout.Label(typeOf(o.Type, file), name), Version: tag, Components: file}
	return r, nil
}

func openGitLab(raw string, o Options) (repository.Repository, error) {
	base, project, pkg, version, file, err := gitlab.ParseURL(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnsupported, gitlabHostHint(raw, err))
	}
	if o.GitLabURL != "" {
		base = o.GitLabURL
	}
	tok := Token{Value: o.Token, Kind: o.TokenKind}
	if tok.Value == "" {
		tok = GitLabToken(o.Getenv, "")
	}
	opts := gitlab.Options{BaseURL: base, Project: project, Package: pkg, Token: tok.Value, TokenKind: tok.Kind, HTTPClient: o.HTTPClient, PlainHTTP: o.Registry.PlainHTTP}
	opts.Retry.Sleep = o.Sleep
	r, err := gitlab.NewRepo(opts)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnsupported, err)
	}
	r.MaxFileSize = o.MaxFileSize
	label := pkg
	if typ, _ := layout.ParseLabel(pkg); typ == layout.CoreProvider && pkg != "cluster-api" {
		label = layout.Label(typeOf(o.Type, file), pkg)
	}
	r.About = repository.Info{Label: label, Version: version, Components: file}
	return r, nil
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

// typeOf is the given type, or the type the file name says (layout.TypeOf), or
// InfrastructureProvider.
func typeOf(typ layout.Type, file string) layout.Type {
	if typ != "" {
		return typ
	}
	if t, ok := layout.TypeOf(file); ok {
		return t
	}
	return layout.InfrastructureProvider
}
