package pipeline

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
)

func TestCheckImageOverrides(t *testing.T) {
	t.Parallel()
	images := []string{"registry.example.com/x/controller:v1.0.0", "quay.io/y/helper@sha256:abc"}
	cases := []struct {
		name string
		o    config.Image
		ok   bool
	}{
		{"newName and version tag", config.Image{Name: "controller", NewName: "registry.example.com/x/controller", TagFromVersion: config.VersionTagAsIs}, true},
		{"newTag only", config.Image{Name: "registry.example.com/x/controller", NewTag: "v1.0.0"}, true},
		{"digest", config.Image{Name: "helper", NewName: "quay.io/y/helper", Digest: "sha256:abc"}, true},
		{"misspelt name leaves staging image", config.Image{Name: "controler", NewTag: "v1.0.0"}, false},
		{"tag not applied", config.Image{Name: "controller", NewName: "registry.example.com/x/controller", NewTag: "v2.0.0"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := checkImageOverrides([]config.Image{c.o}, "v1.0.0", images)
			if (err == nil) != c.ok {
				t.Fatalf("err = %v, want ok=%v", err, c.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "registry.example.com/x/controller:v1.0.0") {
				t.Errorf("error does not list the images found: %v", err)
			}
		})
	}
}

func TestSplitImage(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][3]string{
		"localhost:5000/a/b:v1": {"localhost:5000/a/b", "v1", ""},
		"localhost:5000/a/b":    {"localhost:5000/a/b", "", ""},
		"r.io/a@sha256:1":       {"r.io/a", "", "sha256:1"},
		"r.io/a:v1@sha256:1":    {"r.io/a", "v1", "sha256:1"},
	} {
		n, tg, d := splitImage(in)
		if [3]string{n, tg, d} != want {
			t.Errorf("splitImage(%q) = %q %q %q, want %v", in, n, tg, d, want)
		}
	}
}
