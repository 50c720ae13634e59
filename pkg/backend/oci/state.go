package oci

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/release"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"
	"oras.land/oras-go/v2/errdef"
)

// Preflight packs the set: a version that cannot be a tag, or files the operator
// would not find, are refused before anything is read or written
// (publish.ErrInvalid); with a Resigner, so is a release whose statement cannot be
// signed again (Resigner.Check: a file differs from its bundle, or the bundle does not
// verify under the input trust, by default the signing key itself), with its own error.
func (p *Publisher) Preflight(ctx context.Context, set *release.Set, _ publish.Policy) error {
	jobs, err := p.pack(set)
	if err != nil || p.opts.Resign == nil {
		return publish.Invalid(err)
	}
	for _, j := range jobs {
		for _, r := range j.rels {
			c, b := withoutBundle(r)
			if err := p.opts.Resign.Check(ctx, c, b); err != nil {
				return err
			}
		}
	}
	return nil
}

// State packs the set and reads, for each artifact's tag, the manifest it points at:
// each layer's digest is the sha256 of a file, so nothing but the manifest is pulled.
func (p *Publisher) State(ctx context.Context, set *release.Set) (publish.State, error) {
	jobs, err := p.pack(set)
	if err != nil {
		return publish.State{}, publish.Invalid(err)
	}
	st := publish.NewState(&snapshot{jobs: jobs})
	for _, j := range jobs {
		if err := p.readHeld(ctx, j, st.Held); err != nil {
			return publish.State{}, err
		}
	}
	return st, nil
}

func (p *Publisher) readHeld(ctx context.Context, j *job, st map[publish.Version]*publish.Held) error {
	repo, err := p.opts.Remote.Repository(j.repo)
	if err != nil {
		return err
	}
	desc, rc, err := repo.FetchReference(ctx, j.art.Tag)
	if errors.Is(err, errdef.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", j.Ref(), registry.Explain(err))
	}
	defer rc.Close()
	raw, err := content.ReadAll(rc, desc)
	if err != nil {
		return fmt.Errorf("reading %s: %w", j.Ref(), err)
	}
	j.have = desc.Digest
	var m ocispec.Manifest
	if err := json.Unmarshal(raw, &m); err != nil || desc.MediaType != ocispec.MediaTypeImageManifest {
		return fmt.Errorf("%w: %s holds a %s, not a provider artifact: choose another path", publish.ErrConflict, j.Ref(), desc.MediaType)
	}
	signed := map[*release.Release]signature{}
	if desc.Digest == j.art.Desc.Digest { // referrers of another manifest sign no part of this one
		if signed, err = p.attached(ctx, repo, j, desc); err != nil {
			return err
		}
	}
	for _, r := range j.rels {
		h := held(m, j, r)
		if s := signed[r]; s.held != "" { // a referrer holds its signature (held.go)
			h.Files[bundleFile(r)] = s.held
		}
		j.stale[r] = signed[r].stale
		st[publish.Version{Label: r.Label(), Version: r.Version.String()}] = h
	}
	return nil
}

// held maps the artifact's layers back to the release's file names.
func held(m ocispec.Manifest, j *job, r *release.Release) *publish.Held {
	names := j.names[r]
	h := &publish.Held{Files: map[string]string{}, Sealed: true}
	for _, l := range m.Layers {
		title := l.Annotations[AnnotationTitle]
		if name, ok := names[title]; ok {
			h.Files[name] = l.Digest.Encoded()
		} else if len(j.rels) == 1 && title != RuntimeExtensionAlias {
			h.Extra = append(h.Extra, title)
		}
	}
	return h
}
