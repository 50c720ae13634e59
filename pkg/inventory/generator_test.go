package inventory

import (
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
)

func components(data string) Input {
	return Input{Label: "infrastructure-azure", Version: "v1.0.0", Files: []release.File{{Name: "infrastructure-components.yaml", Data: []byte(data)}}}
}

// TestGeneratorBumpReadsAsFresh: a release whose CRDs differ from the cached ones only
// in controller-gen's version (read from the cached facts) has the facts a fresh cache
// reads, and so have texts where the value is not only that: a quoted or commented
// value, the annotation elsewhere, a second change.
func TestGeneratorBumpReadsAsFresh(t *testing.T) {
	t.Parallel()
	a := string(bigtree.ReleaseWith(400<<10, 0, true)["infrastructure-components.yaml"])
	b := string(bigtree.ReleaseWith(400<<10, 1, true)["infrastructure-components.yaml"])
	variants := map[string]string{
		"bumped":      b,
		"quoted":      strings.ReplaceAll(a, "version: v0.16.5\n", "version: \"v0.16.7\"\n"),
		"comment":     strings.ReplaceAll(a, "version: v0.16.5\n", "version: v0.16.7 # new\n"),
		"number":      strings.ReplaceAll(a, "version: v0.16.5\n", "version: 17\n"),
		"block":       strings.ReplaceAll(a, "version: v0.16.5\n", "version: |\n      v0.16.7\n"),
		"label":       strings.ReplaceAll(a, "  labels:\n", "  labels:\n    controller-gen.kubebuilder.io/version: v0.16.7\n"),
		"and a label": strings.ReplaceAll(strings.ReplaceAll(a, "version: v0.16.5\n", "version: v0.16.7\n"), "provider: infrastructure-azure", "provider: infrastructure-azur"),
		"indented":    strings.ReplaceAll(a, "    controller-gen.kubebuilder.io/version: v0.16.5\n", "      controller-gen.kubebuilder.io/version: v0.16.7\n"),
	}
	for name, text := range variants {
		cached := NewCache()
		in := components(a)
		cached.Of(in)
		got := cached.Of(components(text))
		if reused := fromCache(got, in.Files[0].Data); name == "bumped" && reused < len(got.CRDs)/2 || name != "bumped" && reused > 0 {
			t.Errorf("%s: %d of %d CRDs read from the cached release", name, reused, len(got.CRDs))
		}
		want := NewCache().Of(components(text))
		if !reflect.DeepEqual(got.CRDs, want.CRDs) || !reflect.DeepEqual(got.Objects, want.Objects) || got.Files[0].Error != want.Files[0].Error {
			t.Errorf("%s: the cached read differs from a fresh one", name)
		}
		if len(want.CRDs) == 0 && want.Files[0].Error == "" {
			t.Errorf("%s: no CRD read", name)
		}
	}
}

// TestGeneratorValue: the value is found only in metadata.annotations of a CRD written
// in block style, and only when it is a plain string.
func TestGeneratorValue(t *testing.T) {
	t.Parallel()
	head := "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n"
	for text, want := range map[string]string{
		head + "  annotations:\n    a: b\n    controller-gen.kubebuilder.io/version: v0.16.5\n  name: x\n":            "v0.16.5",
		head + "  annotations:\n    controller-gen.kubebuilder.io/version: v0.16.5\n":                                 "v0.16.5",
		head + "  labels:\n    controller-gen.kubebuilder.io/version: v0.16.5\n":                                      "",
		head + "  annotations:\n    controller-gen.kubebuilder.io/version: 'v0.16.5'\n":                               "",
		head + "  annotations:\n    controller-gen.kubebuilder.io/version: true\n":                                    "",
		head + "  annotations:\n  x: 1\n    controller-gen.kubebuilder.io/version: v1\n":                              "",
		"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  annotations:\n    controller-gen.kubebuilder.io/version: v1\n": "",
		head + "  annotations:\n    controller-gen.kubebuilder.io/version: v0.16.5":                                   "",
	} {
		s := generatorValue([]byte(text))
		got := ""
		if s.ok() {
			got = text[s.start:s.end]
		}
		if got != want {
			t.Errorf("generatorValue(%q) = %q, want %q", text, got, want)
		}
	}
}

// fromCache counts the CRDs of r whose schema text lies in data: read from the facts
// of another release's text.
func fromCache(r *Release, data []byte) int {
	n := 0
	for _, c := range r.CRDs {
		if len(c.Versions) == 0 || c.Versions[0].Schema == nil || len(c.Versions[0].Schema.Text) == 0 {
			continue
		}
		p := &c.Versions[0].Schema.Text[0]
		for i := range data {
			if &data[i] == p {
				n++
				break
			}
		}
	}
	return n
}
