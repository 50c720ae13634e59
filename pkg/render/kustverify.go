package render

import (
	"bytes"
	"reflect"

	yaml "go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/types"
)

// A kustFix rewrites the deprecated field it owns in kustomization c (a copy that may
// be changed) and turns kz, c as kustomize read it before, into what it should read
// after: the field in its documented current form. It reports whether it rewrote c;
// when it did not, it changed neither c nor kz.
type kustFix func(c *yaml.Node, kz *types.Kustomization) bool

// verifiedFix applies fixes, in order, to kustomization m, which kustomize reads as
// before, when kustomize reads the rewritten m as exactly what the fixes say: the same
// types.Kustomization, after kustomize's own Unmarshal and FixKustomization (as
// KustTarget.Load reads it), as before with the fields in their current forms.
// Otherwise m is left as it was (kustomize then warns about the fields). It returns m
// as kustomize now reads it, and whether m changed.
func verifiedFix(m *yaml.Node, before types.Kustomization, fixes ...kustFix) (types.Kustomization, bool) {
	c := *m
	c.Content = append([]*yaml.Node(nil), m.Content...)
	want := before // a fix sets fields; it changes no element of before's
	fixed := false
	for _, fix := range fixes {
		fixed = fix(&c, &want) || fixed
	}
	if !fixed {
		return before, false
	}
	got, ok := readKust(&c)
	if !ok || !sameKust(got, want) {
		return before, false
	}
	m.Content = c.Content
	return got, true
}

// sameKust reports whether kustomize goes on from a and b alike once it has fixed them
// (FixKustomization moves bases, imageTags, envSource and helm fields itself; it
// changes generator entries in place, so those are copied first).
func sameKust(a, b types.Kustomization) bool {
	for _, k := range []*types.Kustomization{&a, &b} {
		k.ConfigMapGenerator = append([]types.ConfigMapArgs(nil), k.ConfigMapGenerator...)
		k.SecretGenerator = append([]types.SecretArgs(nil), k.SecretGenerator...)
		k.FixKustomization()
	}
	return reflect.DeepEqual(a, b)
}

// readKust is kustomization m as kustomize reads it when served (encoded as
// kustReader.read encodes it).
func readKust(m *yaml.Node) (types.Kustomization, bool) {
	var kz types.Kustomization
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	err := enc.Encode(m)
	return kz, err == nil && kz.Unmarshal(b.Bytes()) == nil
}
