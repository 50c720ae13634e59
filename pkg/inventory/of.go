package inventory

import (
	"path"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// Input is a release's files and what its source says about it.
type Input struct {
	Label, Version, Source string
	// Named: Label is the name clusterctl knows the provider by (a build, or a local
	// repository's <label>/<version> folder), not one derived from a URL.
	Named  bool
	Files  []release.File // the files read (Reads), any order
	Unread []string       // the names of the other files
}

// Reads reports whether a file's content belongs in an inventory: YAML files, the only
// ones clusterctl reads. The others are named only.
func Reads(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".yaml" || ext == ".yml"
}

// Built turns built releases into inputs: their YAML files read, the others named
// (Unread), as a published release of the same files is read; each Named, with source
// as where it was read.
func Built(releases []*release.Release, source string) []Input {
	var out []Input
	for _, r := range releases {
		in := Input{Label: r.Label(), Version: r.Version.String(), Source: source, Named: true}
		for _, f := range r.Files {
			if Reads(f.Name) {
				in.Files = append(in.Files, f)
			} else {
				in.Unread = append(in.Unread, f.Name)
			}
		}
		out = append(out, in)
	}
	return out
}

// Of computes the inventory of one release with a cache of its own.
func Of(in Input) *Release { return NewCache().Of(in) }

// Of computes the inventory of one release, reading only the documents the cache has
// not seen. A file that is not YAML keeps its error in File.Error and is compared as
// bytes.
func (c *Cache) Of(in Input) *Release {
	files := append([]release.File(nil), in.Files...)
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	facts := make([]fileFacts, len(files))
	for i, f := range files {
		facts[i] = c.readFile(f.Name, f.Data)
	}
	return merge(in, files, facts)
}

// merge puts the facts of each file together, in file order.
func merge(in Input, files []release.File, facts []fileFacts) *Release {
	r := &Release{Label: in.Label, Version: in.Version, Source: in.Source}
	images := map[string][]string{}
	for i, f := range files {
		ff := facts[i]
		r.Files = append(r.Files, File{Name: f.Name, Kind: layout.FileKind(f.Name), Read: true, Error: ff.err, Data: f.Data})
		if ff.meta != nil {
			r.Metadata = ff.meta
		}
		if ff.vars != nil {
			r.Variables = append(r.Variables, *ff.vars)
		}
		r.CRDs = append(r.CRDs, ff.crds...)
		r.Kinds = append(r.Kinds, ff.kinds...)
		r.RBAC = append(r.RBAC, ff.grants...)
		r.Workloads = append(r.Workloads, ff.workloads...)
		r.Objects = append(r.Objects, ff.objects...)
		for _, img := range ff.images {
			images[img] = append(images[img], f.Name)
		}
	}
	for _, n := range in.Unread {
		r.Files = append(r.Files, File{Name: n, Kind: layout.FileKind(n)})
	}
	sort.Slice(r.Files, func(i, j int) bool { return r.Files[i].Name < r.Files[j].Name })
	sort.Slice(r.CRDs, func(i, j int) bool { return r.CRDs[i].Name < r.CRDs[j].Name })
	for ref, fs := range images {
		r.Images = append(r.Images, Image{Ref: ref, Files: fs})
	}
	sort.Slice(r.Images, func(i, j int) bool { return r.Images[i].Ref < r.Images[j].Ref })
	return r
}

// File returns the named file, or nil.
func (r *Release) File(name string) *File {
	i := sort.Search(len(r.Files), func(i int) bool { return r.Files[i].Name >= name })
	if i < len(r.Files) && r.Files[i].Name == name {
		return &r.Files[i]
	}
	return nil
}

// CRD returns the named CRD, or nil.
func (r *Release) CRD(name string) *CRD {
	i := sort.Search(len(r.CRDs), func(i int) bool { return r.CRDs[i].Name >= name })
	if i < len(r.CRDs) && r.CRDs[i].Name == name {
		return &r.CRDs[i]
	}
	return nil
}

// String names the release for messages: "infrastructure-foo v1.2.3 (source)".
func (r *Release) String() string {
	id := strings.TrimSpace(r.Label + " " + r.Version)
	if id == "" {
		return r.Source
	}
	return id + " (" + r.Source + ")"
}
