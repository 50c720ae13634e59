package diff

import (
	"bytes"
	"fmt"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/metadata"
)

// files reports the YAML files only one side has, and files present on both sides
// that are not YAML on one of them (their bytes are compared). Files that are not read
// (NotCompared) are not differences.
func files(a, b *inventory.Release) []Difference {
	var out []Difference
	for _, fa := range a.Files {
		fb := b.File(fa.Name)
		switch {
		case !fa.Read:
		case fb == nil || !fb.Read:
			out = append(out, Difference{Section: SectionFiles, Subject: fa.Name, Change: OnlyInA})
		case (fa.Error != "" || fb.Error != "") && !bytes.Equal(fa.Data, fb.Data):
			out = append(out, Difference{Section: SectionFiles, Subject: fa.Name, Change: Changed,
				A: unreadable(&fa), B: unreadable(fb)})
		}
	}
	for _, fb := range b.Files {
		if fa := a.File(fb.Name); fb.Read && (fa == nil || !fa.Read) {
			out = append(out, Difference{Section: SectionFiles, Subject: fb.Name, Change: OnlyInB})
		}
	}
	return out
}

func unreadable(f *inventory.File) string {
	if f.Error != "" {
		return "not readable as YAML: " + f.Error
	}
	return fmt.Sprintf("%d bytes of YAML", len(f.Data))
}

// NotCompared lists the files of a and b that are not read (not YAML), as "name (A)".
func NotCompared(a, b *inventory.Release) []string {
	var out []string
	for _, side := range []struct {
		r    *inventory.Release
		name string
	}{{a, "A"}, {b, "B"}} {
		if side.r == nil {
			continue
		}
		for _, f := range side.r.Files {
			if !f.Read {
				out = append(out, f.Name+" ("+side.name+")")
			}
		}
	}
	return out
}

// series compares the release series of metadata.yaml by major.minor.
func series(a, b *inventory.Release) []Difference {
	if a.Metadata == nil || b.Metadata == nil {
		return nil // a missing or unreadable metadata.yaml is a files difference
	}
	key := func(s metadata.Series) string { return fmt.Sprintf("v%d.%d", s.Major, s.Minor) }
	inB := map[string]string{}
	for _, s := range b.Metadata.Series {
		inB[key(s)] = s.Contract
	}
	var out []Difference
	seen := map[string]bool{}
	for _, s := range a.Metadata.Series {
		k := key(s)
		seen[k] = true
		c, ok := inB[k]
		switch {
		case !ok:
			out = append(out, Difference{Section: SectionMetadata, File: layout.MetadataFile, Subject: "series " + k, Change: OnlyInA, A: s.Contract})
		case c != s.Contract:
			out = append(out, Difference{Section: SectionMetadata, File: layout.MetadataFile, Subject: "series " + k, Path: "contract", Change: Changed, A: s.Contract, B: c})
		}
	}
	for _, s := range b.Metadata.Series {
		if k := key(s); !seen[k] {
			out = append(out, Difference{Section: SectionMetadata, File: layout.MetadataFile, Subject: "series " + k, Change: OnlyInB, B: s.Contract})
		}
	}
	return out
}
