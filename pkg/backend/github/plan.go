package github

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// tagPlan is one GitHub release: every file of every provider released at one
// version. A file shared with identical bytes (cluster-api's metadata.yaml for core,
// bootstrap and control plane) appears once.
type tagPlan struct {
	tag      string
	ver      layout.Version
	pre      bool
	files    []item
	releases []*release.Release
}

// item is one asset and the provider release it came from (for the report).
type item struct {
	file  release.File
	owner string
}

// plan groups a set by version, in semantic version order. Two releases of one version that ship different
// bytes under the same file name cannot share a GitHub release and are rejected.
func plan(set *release.Set) ([]*tagPlan, error) {
	byTag := map[string]*tagPlan{}
	var tags []string
	for _, r := range set.Releases {
		tp := byTag[r.Version.String()]
		if tp == nil {
			if err := r.Version.Check(); err != nil {
				return nil, fmt.Errorf("%s: %w", r, err)
			}
			tp = &tagPlan{tag: r.Version.String(), ver: r.Version, pre: r.Version.Prerelease() != ""}
			byTag[r.Version.String()] = tp
			tags = append(tags, r.Version.String())
		}
		if err := tp.add(r); err != nil {
			return nil, err
		}
	}
	out := make([]*tagPlan, 0, len(tags))
	for _, t := range tags {
		out = append(out, byTag[t])
	}
	// Semantic version order (v1.9.0 before v1.10.0), so releases appear oldest first.
	sort.Slice(out, func(i, j int) bool { return out[i].ver.LessThan(out[j].ver) })
	return out, nil
}

func (tp *tagPlan) add(r *release.Release) error {
	tp.releases = append(tp.releases, r)
	for _, f := range r.Files {
		prev := tp.find(f.Name)
		switch {
		case prev == nil:
			tp.files = append(tp.files, item{f, r.String()})
		case !bytes.Equal(prev.file.Data, f.Data):
			return fmt.Errorf("%s and %s both ship a different %s, but one GitHub release (tag %s) holds the files of every provider of that version: rename one file or release the providers from different repositories",
				prev.owner, r, f.Name, tp.tag)
		}
	}
	sort.Slice(tp.files, func(i, j int) bool { return tp.files[i].file.Name < tp.files[j].file.Name })
	return nil
}

func (tp *tagPlan) find(name string) *item {
	for i := range tp.files {
		if tp.files[i].file.Name == name {
			return &tp.files[i]
		}
	}
	return nil
}
