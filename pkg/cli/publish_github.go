package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/backend/github"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/spf13/cobra"
)

type publishGitHubOptions struct {
	commonPublish
	repo, tokenFile, githubURL, uploadURL, makeLatest, target string
	notesFile, notesFromDiff                                  string
	draft, generateNotes                                      bool
	jobs                                                      int
}

func newPublishGitHubCmd(io streams) *cobra.Command {
	o := &publishGitHubOptions{}
	cmd := &cobra.Command{
		Use:   "github --from DIR --repo OWNER/NAME",
		Short: "Publish the releases as GitHub release assets, visible only once complete",
		Long: `github uploads every file of each version to the release of the tag vX.Y.Z. The release
stays a draft until every asset is uploaded and checked (size and sha256), then it is
published, so clusterctl never sees a release without its files. Identical assets are
skipped, so a re-run after a failure finishes the release. The token comes from
GITHUB_TOKEN, GH_TOKEN or --token-file and is never printed.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return o.runGitHub(cmd, io) },
	}
	o.flags(cmd)
	f := cmd.Flags()
	f.StringVar(&o.repo, "repo", "", "OWNER/NAME of the repository (required)")
	f.StringVar(&o.tokenFile, "token-file", "", "read the token from this file instead of GITHUB_TOKEN/GH_TOKEN")
	f.StringVar(&o.githubURL, "github-url", "", "GitHub Enterprise URL, e.g. https://ghe.example.com (API at /api/v3/)")
	f.StringVar(&o.uploadURL, "upload-url", "", "upload URL (default: derived from --github-url)")
	f.BoolVar(&o.draft, "draft", false, "leave the release as a draft")
	o.replaceFlag(cmd, "replace differing assets of a published (mutable) release")
	f.StringVar(&o.makeLatest, "make-latest", "", "GitHub's latest flag: true|false|legacy")
	f.StringVar(&o.target, "target-commitish", "", "commit or branch to tag when the tag does not exist yet")
	f.IntVar(&o.jobs, "jobs", 4, "parallel uploads")
	f.StringVar(&o.notesFile, "notes-file", "", "release notes (Markdown) for the release body; replaces the notes of an existing release")
	f.BoolVar(&o.generateNotes, "generate-notes", false, "let GitHub generate the release notes (generate_release_notes); replaces the notes of an existing release")
	notesFromDiffFlag(cmd, &o.notesFromDiff)
	_ = cmd.MarkFlagRequired("repo")
	return cmd
}

func (o *publishGitHubOptions) runGitHub(cmd *cobra.Command, io streams) error {
	owner, name, ok := strings.Cut(o.repo, "/")
	if !ok || owner == "" || name == "" || strings.Contains(name, "/") {
		return usageErr(fmt.Errorf("--repo %q: want OWNER/NAME", o.repo))
	}
	if err := errors.Join(noCredentials("--github-url", o.githubURL), noCredentials("--upload-url", o.uploadURL)); err != nil {
		return usageErr(err)
	}
	tok, err := readToken(o.tokenFile)
	if err != nil {
		return err
	}
	if o.tokenFile == "" {
		tok = source.GitHubToken(io.lookup).Value
	}
	if n := countSet(o.notesFile != "", o.generateNotes, o.notesFromDiff != ""); n > 1 {
		return usageErr(fmt.Errorf("--notes-file, --generate-notes and --notes-from-diff: give one of them"))
	}
	notes, err := readNotes(o.notesFile)
	if err != nil {
		return err
	}
	api, upload := github.EnterpriseURLs(o.githubURL, o.uploadURL)
	if o.notesFromDiff != "" {
		opts := source.Options{Getenv: io.getenv, GitHubAPIURL: api}
		if notes, err = notesFromDiff(cmd.Context(), opts, o.notesFromDiff, o.from); err != nil {
			return err
		}
	}
	p, err := github.New(github.Options{Owner: owner, Repo: name, Token: tok, APIURL: api, UploadURL: upload,
		Draft: o.draft, MakeLatest: o.makeLatest, TargetCommitish: o.target,
		Jobs: o.jobs, Notes: notes, GenerateNotes: o.generateNotes, PlainHTTP: o.reg.plainHTTP})
	if err != nil {
		return usageErr(err)
	}
	return o.run(cmd, io, p)
}

// readNotes reads --notes-file (github.ReadNotes): unreadable is bad input, empty a usage mistake.
func readNotes(file string) (string, error) {
	notes, err := github.ReadNotes(file)
	switch {
	case errors.Is(err, github.ErrEmptyNotes):
		return "", usageErr(fmt.Errorf("--notes-file %w", err))
	case err != nil:
		return "", withCode(ExitInput, fmt.Errorf("reading --notes-file: %w", err))
	}
	return notes, nil
}
