package pipeline

import (
	"context"
	"strings"
	"testing"
)

// TestTagFromVersionRefusesBuildMetadata: a version with '+' build metadata cannot be
// an image tag, so tagFromVersion says so instead of failing to match the image.
func TestTagFromVersionRefusesBuildMetadata(t *testing.T) {
	t.Parallel()
	withImages := strings.Replace(cfgHead, "    kustomize: config\n",
		"    kustomize: config\n    images: [{name: registry.example.com/tiny, tagFromVersion: true}]\n", 1)
	cfg := project(t, "", map[string]string{"repo/capirepo.yaml": withImages})
	for version, want := range map[string]string{
		"v1.0.0+b.1": "version v1.0.0+b.1 cannot be an image tag",
		"v1.0.0":     "",
	} {
		_, err := Build(context.Background(), cfg, Options{Version: version, Published: []string{}})
		if (want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("version %s: err = %v, want %q", version, err, want)
		}
	}
}
