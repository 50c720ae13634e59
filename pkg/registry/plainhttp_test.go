package registry

import "testing"

func TestPlainHTTPOnlyForItsHosts(t *testing.T) {
	r := Remote{PlainHTTP: true, PlainHTTPHosts: []string{"mirror.example:5000"}}
	for ref, want := range map[string]bool{
		"mirror.example:5000/m/ctl": true, "localhost:5000/x": true, "127.0.0.1:9/x": true, "[::1]:9/x": true,
		"registry.k8s.io/cluster-api/ctl": false, "mirror.example/m/ctl": false, "ghcr.io/x/y": false,
	} {
		repo, err := r.Repository(ref)
		if err != nil || repo.PlainHTTP != want {
			t.Errorf("%s: plain HTTP %v (err %v), want %v", ref, repo != nil && repo.PlainHTTP, err, want)
		}
	}
	repo, err := Remote{PlainHTTP: true}.Repository("ghcr.io/x/y")
	if err != nil || !repo.PlainHTTP {
		t.Errorf("without hosts --plain-http is for every registry: %v %v", repo, err)
	}
}
