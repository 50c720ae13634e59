package images

// Digests maps each copied image (as the release names it) to its digest.
func Digests(done []Copied) map[string]string {
	out := map[string]string{}
	for _, d := range done {
		out[d.Source] = d.Digest
	}
	return out
}
