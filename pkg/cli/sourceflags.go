package cli

import (
	"errors"

	"github.com/capirepo/capirepo/pkg/backend/github"
	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/spf13/cobra"
)

// sourceFlags are how a command reads published repositories (verify, diff, init
// --check, build's upgrade checks): flags, token file and variables.
type sourceFlags struct {
	githubURL, gitlabURL, tokenFile, typ string
	plainHTTP                            bool
	tokenServers                         []string
}

// flags adds the flags; withType adds --type too.
func (s *sourceFlags) flags(cmd *cobra.Command, withType bool) {
	s.forgeFlags(cmd)
	f := cmd.Flags()
	if withType {
		f.StringVar(&s.typ, "type", "", "provider type, for GitLab URLs whose package name is not a provider label")
	}
	f.BoolVar(&s.plainHTTP, "plain-http", false, "read oci:// references over plain HTTP (local registries)")
	tokenServerFlag(cmd, &s.tokenServers)
}

// forgeFlags adds --github-url, --gitlab-url and --token-file only (build, whose
// --plain-http is the image gate's).
func (s *sourceFlags) forgeFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&s.githubURL, "github-url", "", "GitHub Enterprise server root, e.g. https://ghe.example.com, to read github.com release URLs from (the API is read at URL/api/v3/)")
	f.StringVar(&s.gitlabURL, "gitlab-url", "", "read a GitLab URL's package from this instance URL instead of the URL's own host (mirrors, tests)")
	f.StringVar(&s.tokenFile, "token-file", "", "token for private repositories (default: the token variables of docs/tokens.md)")
}

// options are the source.Options of the flags; tokens come from getenv or --token-file.
func (s *sourceFlags) options(getenv func(string) string) (source.Options, error) {
	opts := source.Options{Getenv: getenv, GitLabURL: s.gitlabURL, Type: layout.Type(s.typ), Registry: registry.Remote{PlainHTTP: s.plainHTTP, TokenServers: s.tokenServers}}
	if s.tokenFile != "" {
		tok, err := readToken(s.tokenFile)
		if err != nil {
			return opts, err
		}
		opts.Token, opts.TokenKind = tok, source.GitLabPrivate
	}
	if s.githubURL != "" {
		opts.GitHubAPIURL, _ = github.EnterpriseURLs(s.githubURL, "")
	}
	return opts, nil
}

// loadFailure is the exit code of a repository diff.Load could not read: an
// unsupported URL is a usage error (2), a remote failure 4, local input 3.
func loadFailure(err error) error {
	var le *diff.LoadError
	switch {
	case errors.Is(err, source.ErrUnsupported):
		return usageErr(err)
	case errors.As(err, &le) && le.Remote:
		return withCode(ExitPublish, err)
	}
	return withCode(ExitInput, err)
}
