package images

import "testing"

func TestParseAndOverride(t *testing.T) {
	const dgst = "sha256:0000000000000000000000000000000000000000000000000000000000000001"
	for _, tc := range []struct{ in, repo, tag, digest, mirrored string }{
		{"nginx", "docker.io/library/nginx", "latest", "", "mirror.local/capi/nginx:latest"},
		{"registry.k8s.io/cluster-api/cluster-api-controller:v1.10.0", "registry.k8s.io/cluster-api/cluster-api-controller", "v1.10.0", "", "mirror.local/capi/cluster-api-controller:v1.10.0"},
		{"ghcr.io/a/b:v1@" + dgst, "ghcr.io/a/b", "v1", dgst, "mirror.local/capi/b:v1@" + dgst},
		{"localhost:5000/x@" + dgst, "localhost:5000/x", "", dgst, "mirror.local/capi/x@" + dgst},
	} {
		r, err := parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if r.Repo != tc.repo || r.Tag != tc.tag || r.Digest != tc.digest {
			t.Errorf("Parse(%q) = %+v", tc.in, r)
		}
		if got := (Override{Repository: "mirror.local/capi/"}).Apply(r).String(); got != tc.mirrored {
			t.Errorf("override of %q = %s, want %s", tc.in, got, tc.mirrored)
		}
	}
	for _, bad := range []string{"upper/Case:v1", "a b", "x:tag:tag", "ghcr.io/a@sha256:short"} {
		if _, err := parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
