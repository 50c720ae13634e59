package inventory

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/images"
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
// Kubernetes objects, with its ${VAR} variables for the files clusterctl processes.
func readFile(name string, data []byte) fileFacts {
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
	if kind == layout.KindComponents || kind == layout.KindTemplate || kind == layout.KindClusterClass {
		fv, err := variables.Collect(name, data)
		if err != nil {
			errs = append(errs, err.Error())
		} else {
			ff.vars = &fv
		}
	}
	docs, err := manifest.SplitOutline(data)
	if err != nil {
		errs = append(errs, fmt.Sprintf("%s: %v", name, err))
	} else {
		ff.readDocs(name, kind, docs)
	}
	ff.err = strings.Join(errs, "; ")
	return ff
}

// readDocs takes the facts of every document of a file.
func (ff *fileFacts) readDocs(name, kind string, docs []manifest.Outline) {
	imgs := map[string]bool{}
	keys := map[string]int{}
	for _, d := range docs {
		o := newObject(name, d, keys)
		ff.objects = append(ff.objects, o)
		if d.Obj == nil {
			continue
		}
		if o.Kind == "CustomResourceDefinition" && strings.HasPrefix(o.APIVersion, "apiextensions.k8s.io/") {
			ff.crds = append(ff.crds, newCRD(name, d))
			continue
		}
		images.InNode(d.Node, imgs)
		if kind == layout.KindTemplate || kind == layout.KindClusterClass {
			ff.kinds = append(ff.kinds, kindsOf(name, d.Obj)...)
		}
		ff.grants = append(ff.grants, grantsOf(d.Obj)...)
		if w, ok := workloadOf(name, d.Obj); ok {
			ff.workloads = append(ff.workloads, w)
		}
	}
	for img := range imgs {
		ff.images = append(ff.images, img)
	}
}

// newObject names a document: "Kind.group namespace/name" (the core group has no
// suffix), "#2" and on for repeats in one file, "document N" without a kind.
func newObject(file string, d manifest.Outline, keys map[string]int) Object {
	o := Object{File: file, Line: d.Line, Body: d.Obj}
	if d.Obj != nil {
		o.APIVersion, o.Kind, o.Namespace, o.Name = d.Obj.APIVersion(), d.Obj.Kind(), d.Obj.Namespace(), d.Obj.Name()
	}
	o.Key = fmt.Sprintf("document %d", d.Index+1)
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
