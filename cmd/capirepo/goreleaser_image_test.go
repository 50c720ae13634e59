package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// goreleaserConfig is the part of goreleaser.yaml the image test reads.
type goreleaserConfig struct {
	Builds  []goreleaserBuild `yaml:"builds"`
	Dockers []struct {
		IDs        []string `yaml:"ids"`
		Dockerfile string   `yaml:"dockerfile"`
		Images     []string `yaml:"images"`
		Tags       []string `yaml:"tags"`
		Platforms  []string `yaml:"platforms"`
	} `yaml:"dockers_v2"`
}

type goreleaserBuild struct {
	ID     string   `yaml:"id"`
	Binary string   `yaml:"binary"`
	Goos   []string `yaml:"goos"`
	Goarch []string `yaml:"goarch"`
}

// TestGoreleaserImage: goreleaser.yaml's container image is consistent with what no
// docker engine here can build: its Dockerfile exists, takes the base by digest,
// installs git, copies the binary the named build makes (for each of the image's
// platforms, which that build targets), never tags a moving tag, and the release
// workflow logs in to the image's registry.
func TestGoreleaserImage(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c goreleaserConfig
	if err := yaml.Unmarshal(data, &c); err != nil {
		t.Fatalf("goreleaser.yaml: %v", err)
	}
	if len(c.Dockers) != 1 {
		t.Fatalf("goreleaser.yaml: %d dockers_v2 entries, want 1", len(c.Dockers))
	}
	d := c.Dockers[0]
	df, err := os.ReadFile("../../" + d.Dockerfile)
	if err != nil {
		t.Fatalf("dockers_v2 dockerfile: %v", err)
	}
	dockerfile := string(df)
	if !regexp.MustCompile(`(?m)^FROM [^\s@]+:[^\s@]+@sha256:[0-9a-f]{64}$`).MatchString(dockerfile) {
		t.Errorf("%s: the base is not pinned by digest (FROM name:tag@sha256:…)", d.Dockerfile)
	}
	if !regexp.MustCompile(`(?m)^RUN apk add --no-cache git\b`).MatchString(dockerfile) {
		t.Errorf("%s installs no git (the metadata check reads tags with it)", d.Dockerfile)
	}
	for _, id := range d.IDs {
		i := slices.IndexFunc(c.Builds, func(b goreleaserBuild) bool { return b.ID == id })
		if i < 0 {
			t.Fatalf("dockers_v2 ids names build %q, which goreleaser.yaml has not", id)
		}
		b := c.Builds[i]
		if want := "COPY $TARGETPLATFORM/" + b.Binary + " "; !strings.Contains(dockerfile, want) || !strings.Contains(dockerfile, `ENTRYPOINT ["`+b.Binary+`"]`) {
			t.Errorf("%s does not copy and run the build's binary %s (%q)", d.Dockerfile, b.Binary, want)
		}
		for _, p := range d.Platforms {
			goos, arch, _ := strings.Cut(p, "/")
			if !slices.Contains(b.Goos, goos) || !slices.Contains(b.Goarch, arch) {
				t.Errorf("image platform %s: build %s makes no binary for it", p, id)
			}
		}
	}
	for _, tag := range d.Tags {
		if !strings.Contains(tag, "{{ .Tag }}") {
			t.Errorf("image tag %q: want the release tag only (no moving tag)", tag)
		}
	}
	wf, _ := os.ReadFile("../../.github/workflows/release.yaml")
	for _, img := range d.Images {
		registry, _, _ := strings.Cut(img, "/")
		if !strings.Contains(string(wf), "docker login "+registry) || !strings.Contains(string(wf), "packages: write") {
			t.Errorf("the release workflow does not log in to %s with packages: write", registry)
		}
	}
}
