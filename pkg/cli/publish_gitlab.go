package cli

import (
	"github.com/capirepo/capirepo/pkg/backend/gitlab"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/spf13/cobra"
)

type publishGitLabOptions struct {
	commonPublish
	url, project, pkg, tokenFile, tokenKind string
	notesFromDiff                           string
}

func newPublishGitLabCmd(io streams) *cobra.Command {
	o := &publishGitLabOptions{}
	cmd := &cobra.Command{
		Use:   "gitlab --from DIR --gitlab-url https://gitlab.example.com --project GROUP/NAME|ID",
		Short: "Publish the releases as GitLab generic packages clusterctl can read",
		Long: `gitlab uploads each file of each version to the generic package <package>/<version>,
one at a time and metadata.yaml last, so a version is only complete once its metadata
exists. Identical files are skipped; a different file for an existing version is refused
unless --replace (GitLab would otherwise keep both and serve the newest).
Authentication: --token-file (sent as --token-kind says, default private), else the
first set of GITLAB_ACCESS_TOKEN, GITLAB_TOKEN (access tokens, sent as PRIVATE-TOKEN),
CI_JOB_TOKEN (JOB-TOKEN), GITLAB_DEPLOY_TOKEN (Deploy-Token); --token-kind limits the
variables to that kind. Tokens are never printed.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return o.runGitLab(cmd, io) },
	}
	o.flags(cmd)
	f := cmd.Flags()
	f.StringVar(&o.url, "gitlab-url", "", "GitLab server, e.g. https://gitlab.example.com (required)")
	f.StringVar(&o.project, "project", "", "project path GROUP/NAME or numeric id (required)")
	f.StringVar(&o.pkg, "package", "", "generic package name (default: the provider label)")
	f.StringVar(&o.tokenFile, "token-file", "", "read the token from this file")
	f.StringVar(&o.tokenKind, "token-kind", "", "private|job|deploy (default: from where the token came)")
	o.replaceFlag(cmd, "replace files whose content differs")
	notesFromDiffFlag(cmd, &o.notesFromDiff)
	_ = cmd.MarkFlagRequired("gitlab-url")
	_ = cmd.MarkFlagRequired("project")
	return cmd
}

func (o *publishGitLabOptions) runGitLab(cmd *cobra.Command, io streams) error {
	if err := noCredentials("--gitlab-url", o.url); err != nil {
		return err
	}
	tok, kind, err := gitlabToken(io.lookup, o.tokenFile, o.tokenKind)
	if err != nil {
		return err
	}
	opts := gitlab.Options{BaseURL: o.url, Project: o.project, Package: o.pkg, Token: tok, TokenKind: kind, PlainHTTP: o.reg.plainHTTP}
	if o.notesFromDiff != "" { // the description of each version's GitLab release
		read := source.Options{Getenv: io.getenv, GitLabURL: o.url}
		if opts.Notes, err = notesFromDiff(cmd.Context(), read, o.notesFromDiff, o.from); err != nil {
			return err
		}
	}
	p, err := gitlab.New(opts)
	if err == nil {
		err = opts.Allows(o.policy())
	}
	if err != nil {
		return usageErr(err)
	}
	return o.run(cmd, io, p)
}

// gitlabToken is source.GitLabTokenFrom (--token-file, --token-kind, the GitLab token
// policy) with its errors as usage errors.
func gitlabToken(getenv func(string) string, file, kind string) (string, string, error) {
	tok, err := source.GitLabTokenFrom(getenv, file, kind)
	if err != nil {
		return "", "", usageErr(err)
	}
	return tok.Value, tok.Kind, nil
}
