package oci

import (
	"bytes"
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/release"
	"github.com/opencontainers/go-digest"
)

// Options configure a Publisher.
type Options struct {
	Remote  Remote
	Pack    PackOptions
	Replace bool    // move a tag that holds different content
	DryRun  bool    // report, push nothing
	Bundle  *Bundle // nil: one artifact per release
}

// Bundle puts every release of the set into one artifact Target/Name:Tag.
type Bundle struct {
	Name string
	Tag  string // empty: the releases' common version
}

// Publisher pushes release sets to REGISTRY/PATH.
type Publisher struct {
	target Target
	opts   Options
}

// New returns a publisher for REGISTRY[/PATH].
func New(to string, opts Options) (*Publisher, error) {
	t, err := ParseTarget(to)
	if err != nil {
		return nil, err
	}
	return &Publisher{target: t, opts: opts}, nil
}

func (p *Publisher) String() string { return "oci:" + p.target.String() }

// job is one artifact to publish and the releases it holds.
type job struct {
	repo string // host/path/name
	art  *Artifact
	rels []*release.Release
	name string // for reports: "infrastructure-aws v1.2.3" or the bundle
	have digest.Digest
}

// Ref is the artifact's reference with its tag: what fetchConfig.oci takes.
func (j *job) Ref() string { return j.repo + ":" + j.art.Tag }

// Publish packs every artifact, refuses the whole set when a tag holds different
// content (unless Replace), pushes the rest, reads each back and checks it with the
// operator's rules.
func (p *Publisher) Publish(ctx context.Context, set *release.Set) (*release.Report, error) {
	jobs, err := p.jobs(set)
	if err != nil {
		return nil, err
	}
	rep := &release.Report{Destination: p.String()}
	if err := p.state(ctx, jobs); err != nil {
		return rep, err
	}
	if refused := p.plan(rep, jobs); refused {
		return rep, fmt.Errorf("%w: a tag holds a different artifact; nothing was pushed (--replace moves the tag)", release.ErrConflict)
	}
	if p.opts.DryRun {
		return rep, nil
	}
	for _, j := range jobs {
		if err := p.apply(ctx, j); err != nil {
			return rep, err
		}
		rep.Notes = append(rep.Notes, notes(j, p.opts.Remote.PlainHTTP)...)
	}
	return rep, nil
}

func (p *Publisher) state(ctx context.Context, jobs []*job) error {
	for _, j := range jobs {
		repo, err := p.opts.Remote.Repository(j.repo)
		if err != nil {
			return err
		}
		if j.have, err = Current(ctx, repo, j.art.Tag); err != nil {
			return fmt.Errorf("%s: %w", j.repo, err)
		}
	}
	return nil
}

// plan records one action per layer and reports whether anything was refused.
func (p *Publisher) plan(rep *release.Report, jobs []*job) bool {
	refused := false
	for _, j := range jobs {
		act, detail := release.Written, "digest "+string(j.art.Desc.Digest)
		switch {
		case j.have == j.art.Desc.Digest:
			act, detail = release.Skipped, "identical artifact"
		case j.have != "" && !p.opts.Replace:
			act, detail, refused = release.Refused, "tag holds "+string(j.have), true
		case j.have != "":
			act = release.Replaced
		case p.opts.DryRun:
			act = release.Planned
		}
		for _, l := range j.art.Layers {
			rep.Add(j.name, l.Title, act, detail)
		}
	}
	return refused
}

func (p *Publisher) apply(ctx context.Context, j *job) error {
	repo, err := p.opts.Remote.Repository(j.repo)
	if err != nil {
		return err
	}
	if j.have != j.art.Desc.Digest {
		if err := Push(ctx, repo, j.art); err != nil {
			return fmt.Errorf("%s: %w", j.Ref(), err)
		}
	}
	got, err := Fetch(ctx, repo, j.art.Tag)
	if err != nil {
		return fmt.Errorf("reading back %s: %w", j.Ref(), err)
	}
	return check(got, j)
}

// check compares what was read back with what was packed, through the operator's rules.
func check(got *Fetched, j *job) error {
	if got.Desc.Digest != j.art.Desc.Digest {
		return fmt.Errorf("reading back %s: digest %s, pushed %s", j.Ref(), got.Desc.Digest, j.art.Desc.Digest)
	}
	for _, rel := range j.rels {
		f, err := Match(got.Files, rel.Type, rel.Name, rel.Version)
		if err != nil {
			return fmt.Errorf("reading back %s: %w", j.Ref(), err)
		}
		if !bytes.Equal(got.Files[f.Metadata], rel.File("metadata.yaml").Data) ||
			!bytes.Equal(got.Files[f.Components], rel.File(rel.ComponentsFile).Data) {
			return fmt.Errorf("reading back %s: the operator would read other bytes than %s's", j.Ref(), rel)
		}
	}
	return nil
}
