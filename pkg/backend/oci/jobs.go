package oci

import (
	"fmt"
	"github.com/capirepo/capirepo/pkg/layout"
	"sort"

	"github.com/capirepo/capirepo/pkg/release"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// pack packs the set: one job per release, or one for the bundle.
// Each artifact must be one the operator reads as the release: checked before anything
// is pushed, so no tag ever points at an artifact it cannot install.
func (p *Publisher) pack(set *release.Set) ([]*job, error) {
	jobs, err := p.packJobs(set)
	if err != nil {
		return nil, err
	}
	for _, j := range jobs {
		if err := operatorReads(j.art.files(), j); err != nil {
			return nil, fmt.Errorf("%s: %w; name the components file as clusterctl recommends for the type", j.Ref(), err)
		}
	}
	return jobs, nil
}

func (p *Publisher) packJobs(set *release.Set) ([]*job, error) {
	rels := append([]*release.Release(nil), set.Releases...)
	sort.Slice(rels, func(i, j int) bool { return rels[i].String() < rels[j].String() })
	if p.opts.Bundle != nil {
		return p.bundleJob(rels)
	}
	var out []*job
	for _, rel := range rels {
		packed, b := withoutBundle(rel)
		a, err := packRelease(packed, p.opts.Pack)
		if err != nil {
			return nil, err
		}
		j := newJob(p.target.Repo(rel.Label()), a)
		j.add(rel, b, titleMap(packed, func(n string) string { return n }))
		out = append(out, j)
	}
	return out, nil
}

func newJob(repo string, a *Artifact) *job {
	return &job{repo: repo, art: a, names: map[*release.Release]map[string]string{}, bundles: map[*release.Release][]byte{},
		stale: map[*release.Release][]ocispec.Descriptor{}}
}

// add puts rel (as the set holds it) into the job, with its bundle (nil: unsigned).
func (j *job) add(rel *release.Release, bundle []byte, names map[string]string) {
	j.rels = append(j.rels, rel)
	j.names[rel] = names
	if bundle != nil {
		j.bundles[rel] = bundle
	}
}

func (p *Publisher) bundleJob(rels []*release.Release) ([]*job, error) {
	b := p.opts.Bundle
	tag := b.Tag
	if tag == "" {
		for _, r := range rels {
			if tag != "" && r.Version.String() != tag {
				return nil, fmt.Errorf("bundle %s: providers have different versions (%s, %s): give the tag as --bundle %s:TAG", b.Name, tag, r.Version, b.Name)
			}
			tag = r.Version.String()
		}
	}
	packed := make([]*release.Release, len(rels))
	bundles := make([][]byte, len(rels))
	for i, r := range rels {
		packed[i], bundles[i] = withoutBundle(r)
	}
	a, err := packBundle(b.Name, tag, packed, p.opts.Pack)
	if err != nil {
		return nil, err
	}
	j := newJob(p.target.Repo(b.Name), a)
	for i, r := range rels {
		j.add(r, bundles[i], titleMap(packed[i], func(n string) string { return bundleTitle(r, n) }))
	}
	return []*job{j}, nil
}

// titleMap maps each file's layer title to its name.
func titleMap(r *release.Release, title func(string) string) map[string]string {
	out := map[string]string{}
	for _, f := range r.Files {
		out[title(f.Name)] = f.Name
	}
	return out
}

// notes tell the user what to write in the operator's provider objects.
// A plain-HTTP registry is written with the http:// prefix the operator understands.
func notes(j *job, plainHTTP bool) []string {
	ref := j.Ref()
	if plainHTTP {
		ref = "http://" + ref
	}
	out := []string{fmt.Sprintf("%s digest %s", j.Ref(), j.art.Desc.Digest)}
	for _, rel := range j.rels {
		out = append(out, fmt.Sprintf("operator %s %s: spec: {version: %s, fetchConfig: {oci: %q}} (a tag, never @sha256: the operator cannot parse digests)",
			layout.OperatorType(rel.Type), rel.Name, rel.Version, ref))
	}
	return out
}
