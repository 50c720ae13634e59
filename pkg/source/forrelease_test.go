package source

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestForRelease(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	local := filepath.Join(root, "infrastructure-foo", "v1.0.0", "infrastructure-components.yaml")
	gl := "https://gitlab.example.com/api/v4/projects/g%2Fp/packages/generic/infrastructure-foo/v1.0.0/infrastructure-components.yaml"
	tests := []struct{ url, label, version, err string }{
		{local, "infrastructure-foo", "v1.0.0", ""},
		{local, "infrastructure-bar", "v1.0.0", "want an absolute [file://]{base}/infrastructure-bar/"},
		{gl, "infrastructure-foo", "latest", "GitLab repositories cannot resolve latest"},
		{gl, "infrastructure-foo", "v1.0.0", ""},
	}
	for _, tt := range tests {
		_, err := ForRelease(tt.url, tt.label, "foo", tt.version, Options{})
		if (tt.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("ForRelease(%s, %s, %s) = %v, want %q", tt.url, tt.label, tt.version, err, tt.err)
		}
	}
}
