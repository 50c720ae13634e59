package oci

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"sync"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/repository"
	"oras.land/oras-go/v2/errdef"
)

// Reader reads provider releases from REGISTRY/PATH/<label> as the operator does: each
// tag is a version, each titled layer a file, and signature bundles are the
// artifact's referrers (Bundles): the OCI kind of repository.Repository.
type Reader struct {
	remote registry.Remote
	repo   string // host/path/label
	tag    string // when set, the only version
	mu     sync.Mutex
	cache  map[string]*Fetched // versions read; only the last keeps every file (trim)
	last   string
	// About is what the provider URL names (label, components file, version); Info
	// fills in the rest.
	About repository.Info
}

var _ repository.Repository = (*Reader)(nil)

// NewReader reads repo (host/path/label); a non-empty tag limits it to that version.
func NewReader(remote registry.Remote, repo, tag string) *Reader {
	return &Reader{remote: remote, repo: repo, tag: tag, cache: map[string]*Fetched{}}
}

func (r *Reader) String() string { return "oci://" + r.repo }

// Info describes the repository.
func (r *Reader) Info() repository.Info {
	i := r.About
	i.Kind, i.Name = repository.OCI, r.String()
	return i
}

// Versions lists the repository's tags (or the one tag asked for).
func (r *Reader) Versions(ctx context.Context) ([]string, error) {
	if r.tag != "" {
		return []string{r.tag}, nil
	}
	repo, err := r.remote.Repository(r.repo)
	if err != nil {
		return nil, err
	}
	var out []string
	ctx, listing := httpx.NewListing(ctx, "listing tags of "+r.String(), 0)
	err = repo.Tags(ctx, "", func(tags []string) error { out = append(out, tags...); return listing.Add(len(tags)) })
	if err != nil {
		return nil, fmt.Errorf("listing tags of %s: %w", r, registry.Explain(err))
	}
	sort.Strings(out)
	return out, nil
}

// Files lists the layer titles of the version's artifact.
func (r *Reader) Files(ctx context.Context, version string) ([]string, error) {
	f, err := r.fetch(ctx, version)
	if err != nil {
		return nil, err
	}
	return f.Titles(), nil
}

// File returns the layer titled name; a missing one wraps fs.ErrNotExist.
func (r *Reader) File(ctx context.Context, version, name string) ([]byte, error) {
	f, err := r.fetch(ctx, version)
	if err != nil {
		return nil, err
	}
	b, ok := f.Files[name]
	if ok && f.trimmed && name != layout.MetadataFile {
		if f, err = r.refetch(ctx, version); err != nil {
			return nil, err
		}
		b = f.Files[name]
	}
	if !ok {
		return nil, fmt.Errorf("%s:%s has no layer titled %s: %w", r, version, name, fs.ErrNotExist)
	}
	return b, nil
}

// refetch pulls a trimmed version again.
func (r *Reader) refetch(ctx context.Context, version string) (*Fetched, error) {
	r.mu.Lock()
	delete(r.cache, version)
	r.mu.Unlock()
	return r.fetch(ctx, version)
}

func (r *Reader) fetch(ctx context.Context, version string) (*Fetched, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if f, ok := r.cache[version]; ok {
		return f, nil
	}
	if prev, ok := r.cache[r.last]; ok {
		r.cache[r.last] = prev.trim()
	}
	repo, err := r.remote.Repository(r.repo)
	if err != nil {
		return nil, err
	}
	f, err := fetch(httpx.WithAnswerCap(ctx, MaxArtifactSize), repo, version)
	if err != nil {
		return nil, notFound(fmt.Errorf("%s: %w", r, registry.Explain(err)))
	}
	r.cache[version], r.last = f, version
	return f, nil
}

// trim keeps the titles and metadata.yaml (what resolving latest reads again) and
// drops the other files' bytes (pulled again when asked for), so reading every tag
// of a repository holds one artifact's files at a time.
func (f *Fetched) trim() *Fetched {
	out := &Fetched{Desc: f.Desc, Manifest: f.Manifest, Files: map[string][]byte{}, trimmed: true}
	for t, b := range f.Files {
		if t == layout.MetadataFile {
			out.Files[t] = b
		} else {
			out.Files[t] = nil
		}
	}
	return out
}

// notFound marks err, keeping its text, as fs.ErrNotExist when the registry has no
// such tag or manifest (errdef.ErrNotFound): a missing version, as every
// repository.Repository reports one.
func notFound(err error) error {
	if !errors.Is(err, errdef.ErrNotFound) {
		return err
	}
	return missingError{err}
}

type missingError struct{ err error }

func (e missingError) Error() string   { return e.err.Error() }
func (e missingError) Unwrap() []error { return []error{e.err, fs.ErrNotExist} }
