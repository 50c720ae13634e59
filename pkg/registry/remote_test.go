package registry

import "testing"

func TestParseTarget(t *testing.T) {
	for in, ok := range map[string]bool{
		"ghcr.io/org/capi": true, "oci://localhost:5000": true, "127.0.0.1:5000/a/b": true,
		"https://ghcr.io/x": false, "ghcr.io/Org": false, "ghcr.io/x:v1": false, "ghcr.io/x@sha256:abc": false, "": false,
	} {
		if _, err := ParseTarget(in); (err == nil) != ok {
			t.Errorf("ParseTarget(%q) err = %v, want ok %v", in, err, ok)
		}
	}
}
