package inventory

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/variables"
)

// fileFacts is what one file contributes to its release's inventory.
type fileFacts struct {
	err       string
	meta      *Metadata
	vars      *variables.FileVars
	crds      []CRD
	images    []string
	kinds     []KindUse
	grants    []Grant
	workloads []Workload
	objects   []Object
}

// readFile reads one YAML file: metadata.yaml as clusterctl decodes it, anything else as
// Kubernetes objects (each document through the cache), with its ${VAR} variables for
// the files clusterctl processes.
func (c *Cache) readFile(name string, data []byte) fileFacts {
	kind := layout.FileKind(name)
	if kind == layout.KindMetadata {
		m, err := metadata.ParseLenient(name, data)
		if err != nil {
			return fileFacts{err: err.Error()}
		}
		return fileFacts{meta: &Metadata{Series: m.ReleaseSeries}}
	}
	var ff fileFacts
	var errs []string
	texts := manifest.Texts(data)
	if kind == layout.KindComponents || kind == layout.KindTemplate || kind == layout.KindClusterClass {
		fv, err := collectVariables(name, data, texts)
		if err != nil {
			errs = append(errs, err.Error())
		} else {
			ff.vars = &fv
		}
	}
	docs := c.documents(texts)
	for i, d := range docs {
		if d.err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", name, shifted(d.err, texts[i].Line, i)))
			ff = fileFacts{vars: ff.vars}
			break
		}
	}
	if len(errs) == 0 {
		ff.merge(name, kind, texts, docs)
	}
	ff.err = strings.Join(errs, "; ")
	return ff
}

// merge puts the facts of a file's documents together, with the file's name and lines.
func (ff *fileFacts) merge(name string, kind layout.Kind, texts []manifest.Text, docs []*textFacts) {
	imgs := map[string]bool{}
	keys := map[string]int{}
	for i, t := range docs {
		for _, d := range t.docs {
			line := texts[i].Line + d.line
			ff.objects = append(ff.objects, newObject(name, line, i, d.obj, keys))
			for _, img := range d.images {
				imgs[img] = true
			}
			if d.crd != nil {
				ff.crds = append(ff.crds, d.crd.at(name, line, texts[i].Line))
			}
			if kind == layout.KindTemplate || kind == layout.KindClusterClass {
				ff.kinds = append(ff.kinds, withFile(d.kinds, name)...)
			}
			ff.grants = append(ff.grants, d.grants...)
			if d.workload != nil {
				w := *d.workload
				w.File = name
				ff.workloads = append(ff.workloads, w)
			}
		}
	}
	for img := range imgs {
		ff.images = append(ff.images, img)
	}
}

// newObject names a document: "Kind.group namespace/name" (the core group has no
// suffix), "#2" and on for repeats in one file, "document N" without a kind.
func newObject(file string, line, index int, obj manifest.Object, keys map[string]int) Object {
	o := Object{File: file, Line: line, Body: obj}
	if obj != nil {
		o.APIVersion, o.Kind, o.Namespace, o.Name = obj.APIVersion(), obj.Kind(), obj.Namespace(), obj.Name()
	}
	o.Key = fmt.Sprintf("document %d", index+1)
	if o.Kind != "" {
		o.Key = KeyOf(o.APIVersion, o.Kind, o.Namespace, o.Name)
	}
	if keys[o.Key]++; keys[o.Key] > 1 {
		o.Key += fmt.Sprintf(" #%d", keys[o.Key])
	}
	return o
}

// KeyOf is an object's key: "Deployment.apps ns/name", "Namespace name".
func KeyOf(apiVersion, kind, namespace, name string) string {
	k := kind
	if g, _, ok := strings.Cut(apiVersion, "/"); ok {
		k += "." + g
	}
	if namespace != "" {
		name = namespace + "/" + name
	}
	return k + " " + name
}

func withFile(ks []KindUse, file string) []KindUse {
	out := make([]KindUse, len(ks))
	for i, k := range ks {
		k.File = file
		out[i] = k
	}
	return out
}

// shifted turns an error of one document's text into the file's: its line and index.
func shifted(err error, line, index int) error {
	if e, ok := err.(*manifest.Error); ok {
		c := *e
		c.Doc = index
		if c.Line > 0 {
			c.Line += line
		}
		c.Msg = strings.Replace(c.Msg, "document 1:", fmt.Sprintf("document %d:", index+1), 1)
		return &c
	}
	return err
}
