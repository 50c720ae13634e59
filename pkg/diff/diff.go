// Package diff compares two clusterctl repositories at the level users care about:
// which files a release has, its objects by kind, namespace and name (content
// differences by field path), CRD versions (served, storage, schema, conversion),
// images, ${VAR} variables (required or defaulted) and metadata series. It compares
// inventories (pkg/inventory), so YAML formatting, key order, document order and the
// labels clusterctl sets itself never count; every difference is reported once, in
// the section that owns it. load.go is the one place that reads repositories.
package diff

import (
	"github.com/capirepo/capirepo/pkg/inventory"
)

// Sections of a report, in the order they are printed.
const (
	SectionFiles     = "files"
	SectionMetadata  = "metadata"
	SectionCRDs      = "crds"
	SectionObjects   = "objects"
	SectionImages    = "images"
	SectionVariables = "variables"
)

// Sections lists the sections in report order.
func Sections() []string {
	return []string{SectionFiles, SectionMetadata, SectionCRDs, SectionObjects, SectionImages, SectionVariables}
}

// Kinds of change.
const (
	OnlyInA = "onlyInA"
	OnlyInB = "onlyInB"
	Changed = "changed"
)

// Difference is one thing two releases do not share.
type Difference struct {
	Section string `json:"section"`
	File    string `json:"file,omitempty"` // the release file it is in ("" for release-wide facts such as images)
	Subject string `json:"subject"`        // a file, an object ("Deployment.apps ns/name"), a CRD, an image, a variable, a series
	Path    string `json:"path,omitempty"` // the field path inside the subject
	Change  string `json:"change"`         // onlyInA, onlyInB or changed
	A       string `json:"a,omitempty"`    // A's value, as printed
	B       string `json:"b,omitempty"`
	LineA   int    `json:"lineA,omitempty"` // where the subject starts in A's file
	LineB   int    `json:"lineB,omitempty"`
}

// Releases compares two inventories and returns their differences, by section.
func Releases(a, b *inventory.Release) []Difference {
	var out []Difference
	out = append(out, files(a, b)...)
	out = append(out, series(a, b)...)
	out = append(out, crds(a, b)...)
	imgs := images(a, b)
	vars := variableDiffs(a, b)
	out = append(out, objects(a, b, explained(imgs, vars))...)
	out = append(out, imgs...)
	return append(out, vars...)
}

// both returns the files read on both sides whose YAML both parsed.
func both(a, b *inventory.Release) []string {
	var out []string
	for _, fa := range a.Files {
		fb := b.File(fa.Name)
		if fb != nil && fa.Read && fb.Read && fa.Error == "" && fb.Error == "" {
			out = append(out, fa.Name)
		}
	}
	return out
}
