package oci

import (
	"bytes"
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// Options configure a Publisher.
type Options struct {
	Remote registry.Remote
	Pack   PackOptions
	Bundle *Bundle // nil: one artifact per release
	// Resign, when set, signs each release's bundle again for its artifact before it
	// is attached (signature.go); nil attaches the build's bundle as it is.
	Resign Resigner
}

// Bundle puts every release of the set into one artifact Target/Name:Tag.
type Bundle struct {
	Name string
	Tag  string // empty: the releases' common version
}

// Publisher is the publish.Destination for REGISTRY/PATH: State packs the set and
// reads each tag's manifest, Apply pushes blobs, then the manifest and tag, and reads
// it back. It holds its configuration only: the packed artifacts travel from State to
// Apply and Notes in the plan (snapshot), so one Publisher serves any number of runs.
type Publisher struct {
	target registry.Target
	opts   Options
}

// snapshot is what State packed and read, carried by the plan to Apply and Notes.
type snapshot struct {
	jobs []*job
}

// New returns a publisher for REGISTRY[/PATH].
func New(to string, opts Options) (*Publisher, error) {
	t, err := registry.ParseTarget(to)
	if err != nil {
		return nil, err
	}
	return &Publisher{target: t, opts: opts}, nil
}

func (p *Publisher) String() string { return "oci:" + p.target.String() }

// job is one artifact to publish and the releases it holds.
type job struct {
	repo  string // host/path/name
	art   *Artifact
	rels  []*release.Release
	have  digest.Digest                          // what the tag points at now ("" when absent)
	names map[*release.Release]map[string]string // layer title → file name, per release
	// bundles are the releases' signature bundles: referrers of the artifact, no layers
	bundles map[*release.Release][]byte
	// stale are this signer's signature referrers of the artifact that sign another
	// statement: a replaced signature's are removed (held.go)
	stale map[*release.Release][]ocispec.Descriptor
}

// Ref is the artifact's reference with its tag: what fetchConfig.oci takes.
func (j *job) Ref() string { return j.repo + ":" + j.art.Tag }

// Apply pushes every artifact with a writing step, reads it back, checks it with
// the operator's rules and attaches its releases' signature bundles as referrers.
// An artifact is one manifest: all its files land at once.
func (p *Publisher) Apply(ctx context.Context, plan *publish.Plan) error {
	snap, err := publish.SnapshotOf[*snapshot](plan)
	if err != nil {
		return err
	}
	byRel := map[*release.Release]publish.VersionSteps{}
	for _, v := range plan.ByVersion() {
		byRel[v.Release] = v
	}
	for _, j := range snap.jobs {
		if !writes(j, byRel) {
			continue
		}
		if err := p.push(ctx, j, signs(byRel)); err != nil {
			return err
		}
		for _, r := range j.rels {
			plan.DoneVersion(byRel[r])
		}
	}
	return nil
}

func writes(j *job, byRel map[*release.Release]publish.VersionSteps) bool {
	for _, r := range j.rels {
		if byRel[r].Writes() {
			return true
		}
	}
	return false
}

func (p *Publisher) push(ctx context.Context, j *job, signs func(*release.Release) bool) error {
	repo, err := p.opts.Remote.Repository(j.repo)
	if err != nil {
		return err
	}
	if err := push(ctx, repo, j.art); err != nil {
		return fmt.Errorf("%s: %w", j.Ref(), registry.Explain(err))
	}
	got, err := fetch(ctx, repo, j.art.Tag)
	if err != nil {
		return fmt.Errorf("reading back %s: %w", j.Ref(), err)
	}
	if got.Desc.Digest != j.art.Desc.Digest {
		return fmt.Errorf("reading back %s: digest %s, pushed %s", j.Ref(), got.Desc.Digest, j.art.Desc.Digest)
	}
	if err := operatorReads(got.Files, j); err != nil {
		return fmt.Errorf("reading back %s: %w", j.Ref(), err)
	}
	if err := p.attach(ctx, repo, j, got.Desc, signs); err != nil {
		return err
	}
	return p.removeStale(ctx, repo, j, signs)
}

// operatorReads checks, through the operator's rules, that it picks each release's
// own metadata.yaml and components from files (layer title → bytes).
func operatorReads(files map[string][]byte, j *job) error {
	for _, rel := range j.rels {
		f, err := match(files, rel.Type, rel.Name, rel.Version.String())
		if err != nil {
			return err
		}
		if !bytes.Equal(files[f.Metadata], rel.File(layout.MetadataFile).Data) ||
			!bytes.Equal(files[f.Components], rel.File(rel.ComponentsFile).Data) {
			return fmt.Errorf("the operator would read other bytes than %s's (it picks %s and %s)", rel, f.Metadata, f.Components)
		}
	}
	return nil
}

// files is the packed artifact as the operator will see it: layer title → bytes.
func (a *Artifact) files() map[string][]byte {
	out := map[string][]byte{}
	for _, l := range a.Layers {
		out[l.Title] = a.Blobs[l.Desc.Digest]
	}
	return out
}

// Notes prints, per artifact, its digest and the operator's fetchConfig.oci snippet.
func (p *Publisher) Notes(plan *publish.Plan) []string {
	snap, err := publish.SnapshotOf[*snapshot](plan)
	if err != nil {
		return nil
	}
	var out []string
	for _, j := range snap.jobs {
		out = append(out, notes(j, p.opts.Remote.PlainHTTP)...)
	}
	return out
}
