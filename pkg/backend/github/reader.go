package github

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"sync"

	gh "github.com/google/go-github/v60/github"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/repository"
)

// Repo reads published releases the way clusterctl's GitHub API fallback does: the
// GitHub kind of repository.Repository.
type Repo struct {
	api *api
	// listed keeps each tag's asset listing: a run lists a release once, however
	// many of its files it reads.
	mu    sync.Mutex
	byTag map[string][]*ghAsset
	// MaxFileSize caps File for names other than metadata.yaml (which has
	// httpx.MaxMetadataSize); httpx.MaxFileSize when 0.
	MaxFileSize int64
	// About is what the provider URL names (label, components file, version); Info
	// fills in the rest.
	About repository.Info
}

var _ repository.Repository = (*Repo)(nil)

// NewRepo returns a reader; Token may be empty for public repositories.
func NewRepo(opts Options) (*Repo, error) {
	a, err := newAPI(opts)
	if err != nil {
		return nil, err
	}
	return &Repo{api: a, byTag: map[string][]*ghAsset{}}, nil
}

// String is "github:OWNER/NAME".
func (r *Repo) String() string { return "github:" + r.api.name() }

// Info describes the repository. Like clusterctl's GitHub repository, it passes over a
// `latest` candidate whose metadata.yaml is missing (SkipsMissing).
func (r *Repo) Info() repository.Info {
	i := r.About
	i.Kind, i.Name, i.SkipsMissing = repository.GitHub, r.String(), true
	return i
}

// Bundles is the release's bundle asset (repository.BundleFile).
func (r *Repo) Bundles(ctx context.Context, tag string) ([][]byte, error) {
	return repository.BundleFile(ctx, r, tag)
}

// Versions lists the tags of published (non-draft) releases that are versions.
func (r *Repo) Versions(ctx context.Context) ([]string, error) {
	all, err := httpx.Shared(ctx, r.api.who+" releases "+r.api.name(), func() ([]*ghRelease, error) { return r.api.listReleases(ctx) })
	if err != nil {
		return nil, err
	}
	var out []string
	for _, rel := range all {
		if !rel.GetDraft() && layout.IsVersion(rel.GetTagName()) {
			out = append(out, rel.GetTagName())
		}
	}
	return out, nil
}

// Files lists the asset names of the published release of a tag.
func (r *Repo) Files(ctx context.Context, tag string) ([]string, error) {
	assets, err := r.assets(ctx, tag)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(assets))
	for _, a := range assets {
		names = append(names, a.GetName())
	}
	return names, nil
}

// File downloads one asset of the published release of a tag and checks it against
// the asset's listed size and digest (listed). A missing release or asset gives an
// error that matches errors.Is(err, fs.ErrNotExist); a download that differs from
// the listing one that matches repository.ErrMismatch.
func (r *Repo) File(ctx context.Context, tag, name string) ([]byte, error) {
	assets, err := r.assets(ctx, tag)
	if err != nil {
		return nil, err
	}
	for _, a := range assets {
		if a.GetName() == name {
			data, err := r.download(ctx, tag, &a.ReleaseAsset, repository.CapFor(name, r.MaxFileSize))
			if err != nil {
				return nil, err
			}
			return data, listed(a).Check(fmt.Sprintf("%s of the release %s of %s", name, tag, r.api.name()), "GitHub", data)
		}
	}
	return nil, withKind(fs.ErrNotExist, "reading %s from the release %s of %s: the release has no such asset", name, tag, r.api.name())
}

// listed is what GitHub lists for an asset: its size, and its sha256 when the
// "digest" field is there (github.com since 2025; older Enterprise servers lack it).
func listed(a *ghAsset) repository.Listed {
	l := repository.Listed{Size: -1}
	if a.Size != nil {
		l.Size = int64(*a.Size)
	}
	if hex, ok := strings.CutPrefix(a.Digest, "sha256:"); ok {
		l.SHA256 = hex
	}
	return l
}

// assets lists the assets of a tag's release, with their digests, once per tag.
func (r *Repo) assets(ctx context.Context, tag string) ([]*ghAsset, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if as, ok := r.byTag[tag]; ok {
		return as, nil
	}
	as, err := httpx.Shared(ctx, r.api.who+" assets "+r.api.name()+" "+tag, func() ([]*ghAsset, error) {
		rel, err := r.api.releaseByTag(ctx, tag)
		if err != nil {
			return nil, err
		}
		return r.api.assetsWithDigest(ctx, rel.GetID())
	})
	if err == nil {
		r.byTag[tag] = as
	}
	return as, err
}

// download fetches an asset as clusterctl does (API, Accept: application/octet-stream,
// redirect followed without the token), refusing more than limit bytes. An asset the
// listing already shows larger is refused before any download.
func (r *Repo) download(ctx context.Context, tag string, asset *gh.ReleaseAsset, limit int64) ([]byte, error) {
	what := fmt.Sprintf("%s of the release %s of %s", asset.GetName(), tag, r.api.name())
	if int64(asset.GetSize()) > limit {
		return nil, httpx.TooLarge(what, limit)
	}
	return r.api.download(ctx, asset.GetID(), what, limit)
}
