package oci

import "strings"

func filesOf(a *Artifact) map[string][]byte {
	out := map[string][]byte{}
	for _, l := range a.Layers {
		out[l.Title] = a.Blobs[l.Desc.Digest]
	}
	return out
}

func join(s []string) string { return strings.Join(s, ",") }
