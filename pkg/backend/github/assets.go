package github

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	gh "github.com/google/go-github/v60/github"

	"github.com/capirepo/capirepo/pkg/httpx"
)

const mediaType = "application/octet-stream"

// ghAsset adds the "digest" field ("sha256:<hex>"), which go-github v60 does not know.
type ghAsset struct {
	gh.ReleaseAsset
	Digest string `json:"digest"`
}

// assetsWithDigest lists a release's assets with their digests.
func (a *api) assetsWithDigest(ctx context.Context, relID int64) ([]*ghAsset, error) {
	return listAll[ghAsset](ctx, a, fmt.Sprintf("listing the assets of release %d in %s", relID, a.name()),
		fmt.Sprintf("repos/%s/%s/releases/%d/assets", a.owner, a.repo, relID), httpx.MaxAssets)
}

// upload posts the bytes to the upload host (go-github's UploadReleaseAsset wants an
// *os.File; this sends from memory, with a fresh reader on every attempt). The
// go-github error is returned unexplained so that the caller can react to 422.
func (a *api) upload(ctx context.Context, relID int64, name string, data []byte) (*ghAsset, error) {
	var out *ghAsset
	err := a.try(ctx, func(c *gh.Client) error {
		u := fmt.Sprintf("repos/%s/%s/releases/%d/assets?name=%s", a.owner, a.repo, relID, url.QueryEscape(name))
		req, err := c.NewUploadRequest(u, bytes.NewReader(data), int64(len(data)), mediaType)
		if err != nil {
			return err
		}
		out = new(ghAsset)
		_, err = c.Do(ctx, req, out)
		return err
	})
	return out, err
}

// deleteAsset removes an asset; an asset already gone is fine.
func (a *api) deleteAsset(ctx context.Context, id int64, name string) error {
	err := a.try(ctx, func(c *gh.Client) error {
		_, err := c.Repositories.DeleteReleaseAsset(ctx, a.owner, a.repo, id)
		return err
	})
	if err != nil && statusOf(err) != http.StatusNotFound {
		return a.fail(fmt.Sprintf("deleting the asset %s (id %d) from %s", name, id, a.name()), err)
	}
	return nil
}

// download fetches an asset through the API with Accept: application/octet-stream,
// as clusterctl does; the redirect is followed without the token. More than limit
// bytes is an error matching httpx.ErrTooLarge; what names the asset in errors.
func (a *api) download(ctx context.Context, id int64, what string, limit int64) ([]byte, error) {
	var data []byte
	ctx = httpx.WithAnswerCap(ctx, limit+1) // ReadAll names the file past limit
	err := a.try(ctx, func(c *gh.Client) error {
		rc, _, err := c.Repositories.DownloadReleaseAsset(ctx, a.owner, a.repo, id, a.http)
		if err != nil {
			return err
		}
		defer rc.Close()
		data, err = httpx.ReadAll(rc, limit, what)
		return err
	})
	if errors.Is(err, httpx.ErrTooLarge) {
		return nil, err
	}
	if err != nil {
		return nil, a.fail("downloading "+what, err)
	}
	return data, nil
}
