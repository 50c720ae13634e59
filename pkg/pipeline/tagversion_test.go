package pipeline

import (
	"context"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
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
		_, err := Build(context.Background(), cfg, Options{Version: layout.MustParseVersion(version), Published: []string{}})
		if (want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("version %s: err = %v, want %q", version, err, want)
		}
	}
}

// TestTagFromVersionForms: true tags the image with the release version, trimPrefix
// with the version without its leading v (releases tagging images 1.0.0 for v1.0.0);
// any other value is refused when the config loads.
func TestTagFromVersionForms(t *testing.T) {
	t.Parallel()
	for form, want := range map[string]string{"true": "registry.example.com/tiny:v1.0.0", "trimPrefix": "registry.example.com/tiny:1.0.0"} {
		withImages := strings.Replace(cfgHead, "    kustomize: config\n",
			"    kustomize: config\n    images: [{name: registry.example.com/tiny, tagFromVersion: "+form+"}]\n", 1)
		res, err := Build(context.Background(), project(t, "", map[string]string{"repo/capirepo.yaml": withImages}), Options{Version: layout.MustParseVersion("v1.0.0"), Published: []string{}})
		if err != nil {
			t.Fatal(err)
		}
		if got := string(res.Set.Releases[0].Files[0].Data); !strings.Contains(got, "image: "+want+"\n") {
			t.Errorf("tagFromVersion: %s: components lack image %s:\n%s", form, want, got)
		}
	}
	bad := strings.Replace(cfgHead, "    kustomize: config\n", "    kustomize: config\n    images: [{name: x, tagFromVersion: trim}]\n", 1)
	if _, err := config.Parse("capirepo.yaml", []byte(bad)); err == nil || !strings.Contains(err.Error(), "want true, false or trimPrefix") {
		t.Errorf("tagFromVersion: trim: %v, want a refusal naming the accepted values", err)
	}
}
