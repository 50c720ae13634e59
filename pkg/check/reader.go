package check

import (
	"fmt"

	"github.com/drone/envsubst/v2"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/variables"
)

const (
	ruleDuplicateKey = "yaml-duplicate-key"
	ruleNotString    = "yaml-not-string"
	ruleReadApart    = "yaml-read-by-clusterctl-only"
)

// readAsClusterctl reads a file with clusterctl's own reader, the reference for
// whether clusterctl can read it. clusterctl substitutes a template's (or ClusterClass
// file's) variables before reading it, so one is tried as splitTemplate tries it: as
// written, with a placeholder per variable, with none set; the error is the
// placeholder reading's, which names the real fault's line, else the first.
// asWritten says the objects are the file's as written (not substituted).
func readAsClusterctl(data []byte, kind string) (ref []manifest.RefDoc, asWritten bool, err error) {
	ref, err = manifest.ReadClusterctl(data)
	if err == nil || kind != layout.KindTemplate && kind != layout.KindClusterClass {
		return ref, true, err
	}
	if text, _, perr := variables.Placeholders(data); perr == nil {
		if ref, perr = manifest.ReadClusterctl([]byte(text)); perr == nil {
			return ref, false, nil
		}
		err = perr
	}
	if text, uerr := unsetText(data); uerr == nil {
		if ref, uerr = manifest.ReadClusterctl([]byte(text)); uerr == nil {
			return ref, false, nil
		}
	}
	return nil, false, err
}

// reconcile makes clusterctl's reading the verdict: its error is the file's parse
// error, and the checks see its objects (YAML 1.1 scalars as clusterctl reads them)
// at the lines Split found. When Split fails or finds other documents, the
// documents are clusterctl's, each finding at its document's first line. A template
// read substituted keeps Split's objects, which hold its variables as written.
func reconcile(name string, docs []manifest.Doc, err error, ref []manifest.RefDoc, asWritten bool, rerr error) ([]manifest.Doc, lint.Findings, error) {
	if rerr != nil {
		return nil, nil, rerr
	}
	if err == nil && len(docs) == len(ref) {
		for i := range docs {
			if !asWritten {
				break
			}
			if docs[i].Obj != nil && docs[i].Obj.Kind() != "CustomResourceDefinition" { // Split's CRDs keep the contract's schema paths
				docs[i].Obj = manifest.Object(manifest.Integers(ref[i].Obj))
			}
		}
		return docs, nil, nil
	}
	why := fmt.Sprintf("it finds %d documents, clusterctl %d", len(docs), len(ref))
	if err != nil {
		why = err.Error()
	}
	f := lint.Finding{Rule: ruleReadApart, Severity: lint.Note, File: name,
		Message: fmt.Sprintf("clusterctl reads this file, but capirepo's own parser reads it otherwise (%s); its objects were checked as clusterctl reads them, with each finding at its document's first line", why)}
	return manifest.FromReference(ref), lint.Findings{f}, nil
}

// duplicateKeys warns about keys written twice in one mapping.
func duplicateKeys(name string, docs []manifest.Doc) lint.Findings {
	var fs lint.Findings
	for _, d := range docs {
		for _, k := range d.Dups {
			fs = append(fs, lint.Finding{Rule: ruleDuplicateKey, Severity: lint.Warning, File: name, Line: k.Line, Object: ref(d),
				Message: fmt.Sprintf("key %q is already defined at line %d; clusterctl keeps this later value and drops the earlier one; remove one of them", k.Key, k.First)})
		}
	}
	return fs
}

func ref(d manifest.Doc) string {
	if d.Obj == nil || d.Obj.Kind() == "" {
		return ""
	}
	return d.Obj.Ref()
}

func readerRules() []lint.Rule {
	return []lint.Rule{
		{ID: ruleDuplicateKey, Severity: lint.Warning, Contract: "A key written twice in one mapping: clusterctl reads the file (cluster-api util/yaml ToUnstructured unmarshals with sigs.k8s.io/yaml Unmarshal, which is not strict) and keeps the later value; clusterctl v1.6.8, v1.13.6 and v1.14.2 generate such a template."},
		{ID: ruleNotString, Severity: lint.Error, Contract: "Label and annotation values and ConfigMap data are strings (ObjectMeta.Labels/Annotations and ConfigMap.Data are map[string]string in k8s.io/apimachinery and k8s.io/api). clusterctl reads YAML 1.1 scalars (sigs.k8s.io/yaml: yes/no/on/off/y/n are booleans), so an unquoted `yes` reaches the API server as true and the object is refused."},
		{ID: ruleReadApart, Severity: lint.Note, Contract: "clusterctl's reader (util/yaml ToUnstructured) accepts a few texts yaml.v3 refuses; such a file is checked on clusterctl's objects, with lines only per document."},
	}
}

// unsetText is the file as clusterctl renders it with no variable set.
func unsetText(data []byte) (string, error) {
	return envsubst.Eval(variables.Normalise(string(data)), func(string) string { return "" })
}
