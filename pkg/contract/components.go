package contract

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// Input is one components file with the provider it belongs to.
type Input struct {
	File             string         // file name used in findings
	Docs             []manifest.Doc // the parsed file
	Label            string         // provider label, e.g. infrastructure-foo ("" skips the label check)
	Type             string         // provider type, e.g. layout.InfrastructureProvider
	Contract         string         // contract from metadata.yaml, e.g. v1beta1 ("" accepts any contract label)
	AllowNoNamespace bool           // accept a file without Namespace (users must pass --target-namespace)
}

// scan is what every components check reads: the input plus indexes built once.
type scan struct {
	in       Input
	target   string          // the target namespace, "" when unknown
	services map[string]bool // Service names in the file
	certs    map[string]bool // Certificate names in the file
	crds     []crd           // the file's CustomResourceDefinitions
	scoped   map[string]bool // cluster-scoped kinds, clusterctl's and well-known ones
}

// Components checks a components file against the clusterctl contract and the
// provider-type contracts. Findings are sorted by line.
func Components(in Input) lint.Findings {
	s := newScan(in)
	var out lint.Findings
	for _, c := range componentChecks {
		out = append(out, c.run(s)...)
	}
	out.Sort()
	return out
}

func newScan(in Input) *scan {
	s := &scan{in: in, services: map[string]bool{}, certs: map[string]bool{}}
	s.target, _ = in.TargetNamespace()
	for _, d := range in.Docs {
		switch d.Obj.Kind() {
		case "Service":
			s.services[d.Obj.Name()] = true
		case "Certificate":
			s.certs[d.Obj.Name()] = true
		case "CustomResourceDefinition":
			s.crds = append(s.crds, newCRD(d))
		}
	}
	pairTemplates(s.crds)
	s.scoped = clusterScopedKinds(s.crds)
	return s
}

// TargetNamespace is TargetNamespace(in.Docs) with errors naming in.File.
func (in Input) TargetNamespace() (string, error) {
	ns, err := TargetNamespace(in.Docs)
	if err != nil && in.File != "" {
		return "", fmt.Errorf("%s: %w", in.File, err)
	}
	return ns, err
}

// TargetNamespace returns the name of the file's only Namespace object, the namespace
// clusterctl installs into by default. Input.TargetNamespace names the file in errors.
func TargetNamespace(docs []manifest.Doc) (string, error) {
	var names []string
	for _, d := range namespaces(docs) {
		names = append(names, d.Obj.Name())
	}
	switch {
	case len(names) == 0:
		return "", fmt.Errorf("finding the target namespace: the components have no Namespace object; add one (clusterctl would say \"target namespace can't be defaulted\")")
	case len(names) > 1:
		return "", fmt.Errorf("finding the target namespace: Invalid manifest. There should be no more than one resource with Kind Namespace in the provider components yaml (found %s); keep one", strings.Join(names, ", "))
	case names[0] == "":
		return "", fmt.Errorf("finding the target namespace: the Namespace object at line %d has no metadata.name; name it", namespaces(docs)[0].Line)
	}
	return names[0], nil
}

func namespaces(docs []manifest.Doc) []manifest.Doc {
	var out []manifest.Doc
	for _, d := range docs {
		if d.Obj.Kind() == "Namespace" && d.Obj.Group() == "" {
			out = append(out, d)
		}
	}
	return out
}
