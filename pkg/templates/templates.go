// Package templates collects a provider's cluster-template*.yaml and clusterclass-*.yaml
// files from files, folders and kustomize folders, in parallel and deterministically.
package templates

import (
	"context"
	"fmt"
	"runtime"

	"github.com/capirepo/capirepo/pkg/confine"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/render"
	"golang.org/x/sync/errgroup"
)

// Source is one configured template entry (absolute paths).
type Source struct {
	Path         string  // a cluster-template*/clusterclass-* file, or a folder of them
	Flavor       *string // with Kustomize: "" gives cluster-template.yaml
	Kustomize    string
	ClusterClass string // a file or kustomize folder holding one ClusterClass

	Root   *confine.Root  // files must resolve inside it (nil = no bound)
	Render render.Options // render settings of kustomize folders (Dir is set per folder)
}

// Result is what Build produced.
type Result struct {
	Files    []release.File    // sorted by name
	Notes    []string          // files skipped on purpose
	Findings lint.Findings     // warnings about the sources (kustomize's come through Render.Warn)
	Origins  map[string]Origin // file name -> where it came from
}

// Origin is where a template file came from: a file shipped byte for byte, or a
// kustomize folder rendered into it.
type Origin struct {
	File      string // the source file, shipped as it is
	Kustomize string // the kustomize folder rendered into the file
}

// Build renders every source with at most jobs in parallel (0 = number of CPUs).
// Two sources producing the same file name is an error naming both.
func Build(ctx context.Context, sources []Source, jobs int) (*Result, error) {
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	outs := make([]*output, len(sources))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(jobs)
	for i, s := range sources {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			o, err := s.build(ctx)
			outs[i] = o
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return merge(sources, outs)
}

// output is what one source produced.
type output struct {
	files    []release.File
	notes    []string
	findings lint.Findings
	origins  map[string]Origin
}

func oneFile(f release.File, o Origin) *output {
	return &output{files: []release.File{f}, origins: map[string]Origin{f.Name: o}}
}

func merge(sources []Source, outs []*output) (*Result, error) {
	res := &Result{Origins: map[string]Origin{}}
	from := map[string]string{}
	for i, o := range outs {
		for _, f := range o.files {
			if prev, ok := from[f.Name]; ok {
				return nil, fmt.Errorf("templates: %s is produced by both %s and %s: give one of them another flavor name", f.Name, prev, sources[i])
			}
			from[f.Name] = sources[i].String()
			res.Files = append(res.Files, f)
			res.Origins[f.Name] = o.origins[f.Name]
		}
		res.Notes = append(res.Notes, o.notes...)
		res.Findings = append(res.Findings, o.findings...)
	}
	sortFiles(res.Files)
	return res, nil
}

// String names the source in messages.
func (s Source) String() string {
	switch {
	case s.Kustomize != "":
		return fmt.Sprintf("flavor %q (kustomize %s)", *s.Flavor, s.Kustomize)
	case s.Flavor != nil:
		return fmt.Sprintf("flavor %q (file %s)", *s.Flavor, s.Path)
	case s.ClusterClass != "":
		return "clusterClass " + s.ClusterClass
	}
	return "path " + s.Path
}
