package github

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"

	gh "github.com/google/go-github/v60/github"
)

// ghRelease adds the "immutable" field, which go-github v60 does not know.
type ghRelease struct {
	gh.RepositoryRelease
	Immutable bool `json:"immutable"`
}

func (a *api) getRepo(ctx context.Context) (*gh.Repository, error) {
	var repo *gh.Repository
	err := a.call(ctx, "reading repository "+a.name(), func(c *gh.Client) (err error) {
		repo, _, err = c.Repositories.Get(ctx, a.owner, a.repo)
		return err
	})
	return repo, err
}

// listReleases lists every release the token can see (drafts need push access).
func (a *api) listReleases(ctx context.Context) ([]*ghRelease, error) {
	return listAll[ghRelease](ctx, a, "listing releases of "+a.name(), fmt.Sprintf("repos/%s/%s/releases", a.owner, a.repo), 0)
}

// findDraft returns a draft release of a tag, or nil. It lists, because
// get-release-by-tag does not return drafts.
func (a *api) findDraft(ctx context.Context, tag string) (*ghRelease, error) {
	all, err := a.listReleases(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range all {
		if r.GetTagName() == tag && r.GetDraft() {
			return r, nil
		}
	}
	return nil, nil
}

// tagExists asks for refs/tags/<tag>.
func (a *api) tagExists(ctx context.Context, tag string) (bool, error) {
	err := a.try(ctx, func(c *gh.Client) error {
		_, _, err := c.Git.GetRef(ctx, a.owner, a.repo, "tags/"+tag)
		return err
	})
	if statusOf(err) == http.StatusNotFound {
		return false, nil
	}
	if err != nil {
		return false, a.fail(fmt.Sprintf("reading tag %s of %s", tag, a.name()), err)
	}
	return true, nil
}

func (a *api) createRelease(ctx context.Context, r *gh.RepositoryRelease) (*ghRelease, error) {
	var out *gh.RepositoryRelease
	err := a.try(ctx, func(c *gh.Client) (err error) {
		out, _, err = c.Repositories.CreateRelease(ctx, a.owner, a.repo, r)
		return err
	})
	if alreadyExists(err) {
		// A release of the tag appeared since the listing. A draft (an earlier
		// attempt that got through without an answer) is adopted; a published one
		// (another run) is not taken over: its assets were never compared.
		found, ferr := a.findDraft(ctx, r.GetTagName())
		if ferr == nil && found != nil {
			return found, nil
		}
		return nil, fmt.Errorf("creating the release %s in %s: a release of that tag was published meanwhile (another run?); nothing was uploaded to it: run the publish again to compare with it", r.GetTagName(), a.name())
	}
	if err != nil {
		return nil, a.fail(fmt.Sprintf("creating the release %s in %s", r.GetTagName(), a.name()), err)
	}
	return &ghRelease{RepositoryRelease: *out}, nil
}

func (a *api) editRelease(ctx context.Context, id int64, r *gh.RepositoryRelease) error {
	return a.call(ctx, fmt.Sprintf("publishing the release %d in %s", id, a.name()), func(c *gh.Client) error {
		_, _, err := c.Repositories.EditRelease(ctx, a.owner, a.repo, id, r)
		return err
	})
}

// releaseByTag returns the published release of a tag (what clusterctl reads);
// not found wraps fs.ErrNotExist.
func (a *api) releaseByTag(ctx context.Context, tag string) (*gh.RepositoryRelease, error) {
	var out *gh.RepositoryRelease
	err := a.try(ctx, func(c *gh.Client) (err error) {
		out, _, err = c.Repositories.GetReleaseByTag(ctx, a.owner, a.repo, tag)
		return err
	})
	what := fmt.Sprintf("reading the release %s of %s", tag, a.name())
	if statusOf(err) == http.StatusNotFound {
		return nil, withKind(fs.ErrNotExist, "%s: there is no published release with that tag (or the repository is not visible to the token)", what)
	}
	if err != nil {
		return nil, a.fail(what, err)
	}
	return out, nil
}

// deleteRelease removes a release; one already gone is fine.
func (a *api) deleteRelease(ctx context.Context, id int64) error {
	err := a.try(ctx, func(c *gh.Client) error {
		_, err := c.Repositories.DeleteRelease(ctx, a.owner, a.repo, id)
		return err
	})
	if err != nil && statusOf(err) != http.StatusNotFound {
		return a.fail(fmt.Sprintf("deleting the empty draft release %d of %s", id, a.name()), err)
	}
	return nil
}

// generateNotes asks GitHub for the notes it would generate for a tag.
func (a *api) generateNotes(ctx context.Context, tag string) (string, error) {
	var out *gh.RepositoryReleaseNotes
	err := a.call(ctx, fmt.Sprintf("generating release notes for %s of %s", tag, a.name()), func(c *gh.Client) (err error) {
		out, _, err = c.Repositories.GenerateReleaseNotes(ctx, a.owner, a.repo, &gh.GenerateNotesOptions{TagName: tag})
		return err
	})
	if err != nil {
		return "", err
	}
	return out.Body, nil
}
