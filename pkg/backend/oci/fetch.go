package oci

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2"
	"oras.land/oras-go/v2/content"
	"oras.land/oras-go/v2/content/memory"
)

// Fetched is an artifact as the operator sees it: each titled layer's bytes.
type Fetched struct {
	Desc     ocispec.Descriptor
	Manifest ocispec.Manifest
	Files    map[string][]byte // layer title → content
	trimmed  bool              // only metadata.yaml's bytes are kept (Reader's cache)
}

// Titles returns the layer titles, sorted.
func (f *Fetched) Titles() []string {
	var out []string
	for t := range f.Files {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// fetch copies tag from src into memory (oras.Copy, as the operator does) and collects
// every layer that carries an org.opencontainers.image.title.
func fetch(ctx context.Context, src oras.ReadOnlyTarget, tag string) (*Fetched, error) {
	store := memory.New()
	opts := oras.DefaultCopyOptions
	opts.PreCopy = refuseOversized
	opts.FindSuccessors = (&graph{seen: map[digest.Digest]bool{}}).successors
	desc, err := oras.Copy(ctx, checkedSource{src}, tag, store, tag, opts)
	if err != nil {
		return nil, fmt.Errorf("pulling %s: %w", tag, err)
	}
	raw, err := content.FetchAll(ctx, store, desc)
	if err != nil {
		return nil, fmt.Errorf("reading manifest %s: %w", tag, err)
	}
	f := &Fetched{Desc: desc, Files: map[string][]byte{}}
	if err := json.Unmarshal(raw, &f.Manifest); err != nil {
		return nil, fmt.Errorf("manifest %s is not an OCI image manifest: %w", tag, err)
	}
	for _, l := range f.Manifest.Layers {
		title := l.Annotations[AnnotationTitle]
		if title == "" {
			continue
		}
		b, err := content.FetchAll(ctx, store, l)
		if err != nil {
			return nil, fmt.Errorf("reading layer %s of %s: %w", title, tag, err)
		}
		f.Files[title] = b
	}
	return f, nil
}

// refuseOversized stops a pull before a layer larger than its file's size cap is read
// (metadata.yaml 1 MiB, any other file 64 MiB, as for every other source).
func refuseOversized(_ context.Context, d ocispec.Descriptor) error {
	title := d.Annotations[AnnotationTitle]
	if title == "" {
		title = "layer " + d.Digest.String()
	}
	if limit := repository.CapFor(title, 0); d.Size > limit {
		return fmt.Errorf("%s is %d bytes, over the %d-byte cap for a release file: %w", title, d.Size, limit, httpx.ErrTooLarge)
	}
	return nil
}

// MaxArtifactSize caps the files of one artifact together (four files at their cap).
const MaxArtifactSize = httpx.MaxReleaseSize
