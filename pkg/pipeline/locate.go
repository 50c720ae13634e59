package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/render"
)

// locate points the findings on r's files at their sources: the file shipped byte for
// byte (same line), or, for a rendered file, the file kustomize took the object from
// (found by rendering the folder again with kustomize's origin annotations) and the
// line in it that reads as the finding's line does (else the object's first line).
// A finding on a whole rendered file names its kustomization. Paths are absolute
// here; Build makes them relative to the repository root.
func (in *inputs) locate(ctx context.Context, r *release.Release, origins map[string]origin, fs lint.Findings) (lint.Findings, error) {
	prefix := r.Dir() + "/"
	traced := map[string]*tracer{}
	for i, f := range fs {
		name, ok := strings.CutPrefix(f.File, prefix)
		o, known := origins[name]
		if !ok || !known {
			continue
		}
		if o.file != "" || o.config {
			fs[i].File = o.file
			if o.config {
				fs[i].File, fs[i].Line = in.cfg.File, 0
			}
			continue
		}
		if traced[name] == nil {
			t, err := newTracer(ctx, r.File(name).Data, o, in.renderedOrigins)
			if err != nil {
				return nil, err
			}
			traced[name] = t
		}
		fs[i] = traced[name].locate(f, name)
	}
	return fs, nil
}

// tracer maps lines of one rendered file to their sources.
type tracer struct {
	file     *textFile            // the rendered file, cut into its documents
	rendered bool                 // origins says where each object came from
	origins  map[string]string    // object identity -> source file
	whole    string               // the kustomization (or the one source file)
	sources  map[string]*textFile // source files read so far
}

// newTracer maps a file rendered as o says; known gives the origins the build's own
// render recorded, else the folder is rendered again for them.
func newTracer(ctx context.Context, data []byte, o origin, known func(string) ([]render.Origin, bool)) (*tracer, error) {
	t := &tracer{file: newTextFile(data), origins: map[string]string{}, whole: o.objects, sources: map[string]*textFile{}}
	if o.render == nil {
		return t, nil
	}
	t.rendered, t.whole = true, kustomizationIn(o.render.Dir)
	found, ok := known(o.render.Dir)
	if !ok {
		var err error
		if found, err = render.OriginsContext(ctx, *o.render); err != nil {
			return nil, fmt.Errorf("finding the sources of the findings: %w", err)
		}
	}
	for _, g := range found {
		t.origins[identity(g.Kind, g.Namespace, g.Name)] = g.File
	}
	return t, nil
}

func identity(kind, namespace, name string) string { return kind + " " + namespace + "/" + name }

// locate is f on its source; a line it cannot trace names the kustomization (or the
// one source file) without a line.
func (t *tracer) locate(f lint.Finding, name string) lint.Finding {
	out := f
	out.File, out.Line = t.whole, 0
	if f.Line > 0 {
		out.Message = fmt.Sprintf("%s (released in %s, line %d)", f.Message, name, f.Line)
	}
	text, obj, ok := t.object(f.Line)
	src := t.whole
	if ok && t.rendered {
		src = t.origins[identity(obj.Kind(), obj.Namespace(), obj.Name())]
	}
	if !ok || src == "" {
		return out
	}
	out.File, out.Line = src, t.sourceLine(src, obj, entry(text))
	return out
}

// object is the document holding a 1-based line of the rendered file, and that line.
func (t *tracer) object(line int) (string, manifest.Object, bool) {
	obj, ok := t.file.objectAt(line)
	if !ok {
		return "", nil, false
	}
	return t.file.line(line), obj, true
}

// entry is a line as kustomize may rewrite it: without indentation or the "- " of a
// list item (kustomize sorts keys, so another key may start the item).
func entry(line string) string {
	return strings.TrimPrefix(strings.TrimSpace(line), "- ")
}

// sourceLine is the line of obj in the source file that reads as want (entry) when
// exactly one does, else the object's first line (0 when the object is not found).
func (t *tracer) sourceLine(file string, obj manifest.Object, want string) int {
	src, ok := t.sources[file]
	if !ok {
		data, _ := fsx.ReadFile(file)
		src = newTextFile(data)
		t.sources[file] = src
	}
	docs, err := src.outline()
	if err != nil {
		return 0
	}
	doc, end := sourceDoc(docs, obj, src.count()+1)
	if doc == nil {
		return 0
	}
	at := 0
	for l := doc.Line; l < end && want != ""; l++ {
		if entry(src.line(l)) == want {
			if at != 0 {
				return doc.Line
			}
			at = l
		}
	}
	if at == 0 {
		return doc.Line
	}
	return at
}

// sourceDoc is the document of docs the rendered obj came from: the one of its kind,
// or the one whose name the rendered name contains (kustomize's prefixes and
// suffixes), the longest such; and the line where the next document starts.
func sourceDoc(docs []manifest.Doc, obj manifest.Object, last int) (*manifest.Doc, int) {
	best := -1
	var kind []int
	for i, d := range docs {
		if d.Obj == nil || d.Obj.Kind() != obj.Kind() {
			continue
		}
		kind = append(kind, i)
		if n := d.Obj.Name(); n != "" && strings.Contains(obj.Name(), n) && (best < 0 || len(n) > len(docs[best].Obj.Name())) {
			best = i
		}
	}
	if len(kind) == 1 {
		best = kind[0]
	}
	if best < 0 {
		return nil, 0
	}
	if best+1 < len(docs) {
		return &docs[best], docs[best+1].Line
	}
	return &docs[best], last + 1
}

// kustomizationIn is the kustomization file of a folder (the folder when none is found).
func kustomizationIn(dir string) string {
	for _, n := range []string{"kustomization.yaml", "kustomization.yml", "Kustomization"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			return filepath.Join(dir, n)
		}
	}
	return dir
}
