package oci

import (
	"strings"
	"testing"
)

func TestParseBundle(t *testing.T) {
	t.Parallel()
	if b, err := ParseBundle("cluster-api:v1.10.0"); err != nil || b.Name != "cluster-api" || b.Tag != "v1.10.0" {
		t.Errorf("ParseBundle = %+v, %v", b, err)
	}
	if b, err := ParseBundle("core"); err != nil || b.Name != "core" || b.Tag != "" {
		t.Errorf("ParseBundle(core) = %+v, %v", b, err)
	}
	for in, want := range map[string]string{"a/b": "one lower-case path component", "Core": "one lower-case path component", "core:latest": "the tag must be a version"} {
		if _, err := ParseBundle(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseBundle(%q) = %v, want %q", in, err, want)
		}
	}
}
