package source_test

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

const (
	label = "infrastructure-x"
	comps = "infrastructure-components.yaml"
	// bundle is a sigstore bundle as far as publish oci looks into it (a DSSE payload
	// naming its predicate type); no kind verifies it here.
	bundle = `{"dsseEnvelope":{"payload":"eyJwcmVkaWNhdGVUeXBlIjoieCJ9"}}`
)

// published is what every kind holds: v1.0.0 signed (its bundle file), v1.1.0 not.
func published() map[string]map[string]string {
	files := func(v string) map[string]string {
		return map[string]string{layout.MetadataFile: "series of " + v, comps: "components of " + v, "cluster-template.yaml": "template of " + v}
	}
	out := map[string]map[string]string{"v1.0.0": files("v1.0.0"), "v1.1.0": files("v1.1.0")}
	out["v1.0.0"][layout.BundleFile(label, "v1.0.0")] = bundle
	return out
}

// kinds opens the same published releases in every kind of repository, each through
// what its users give: a clusterctl provider URL (source.For), or memory.
func kinds(t *testing.T) map[repository.Kind]repository.Repository {
	return map[repository.Kind]repository.Repository{
		repository.Memory: inMemory(), repository.Local: inLocal(t), repository.GitHub: inGitHub(t),
		repository.GitLab: inGitLab(t), repository.OCI: inOCI(t),
	}
}

func inMemory() repository.Repository {
	m := repository.NewInMemory(repository.Info{Label: label, Components: comps, Version: "latest"})
	for v, files := range published() {
		for name, data := range files {
			m.Put(v, name, []byte(data))
		}
	}
	return m
}

func inLocal(t *testing.T) repository.Repository {
	files := map[string]string{}
	for v, fs := range published() {
		for name, data := range fs {
			files[label+"/"+v+"/"+name] = data
		}
	}
	root := tree.Write(t, files)
	return open(t, filepath.Join(root, label, "latest", comps), source.Options{})
}

func inGitHub(t *testing.T) repository.Repository {
	gh := fakegithub.New()
	t.Cleanup(gh.Close)
	gh.AddRepo("acme", "cluster-api-provider-x", fakegithub.RepoOptions{})
	for v, fs := range published() {
		var assets []fakegithub.Asset
		for name, data := range fs {
			assets = append(assets, fakegithub.Asset{Name: name, Data: []byte(data)})
		}
		gh.AddRelease("acme", "cluster-api-provider-x", fakegithub.Release{Tag: v, Assets: assets})
	}
	return open(t, "https://github.com/acme/cluster-api-provider-x/releases/latest/"+comps, source.Options{GitHubAPIURL: gh.APIURL()})
}

func inGitLab(t *testing.T) repository.Repository {
	gl := fakegitlab.New(t)
	gl.AddProject(fakegitlab.Project{ID: 7, Path: "acme/x", Public: true})
	for v, fs := range published() {
		for name, data := range fs {
			gl.Seed("acme/x", label, v, name, []byte(data))
		}
	}
	return open(t, "https://gitlab.example.com/api/v4/projects/acme%2Fx/packages/generic/"+label+"/v1.1.0/"+comps,
		source.Options{GitLabURL: gl.URL, HTTPClient: gl.Client()})
}

func inOCI(t *testing.T) repository.Repository {
	reg := registry.New(t)
	remote := regclient.Remote{PlainHTTP: true}
	p, err := oci.New(reg.Host+"/capi", oci.Options{Remote: remote})
	if err != nil {
		t.Fatal(err)
	}
	set := &release.Set{}
	for v, fs := range published() {
		r := &release.Release{Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "x"}, Version: layout.MustParseVersion(v), ComponentsFile: comps}
		for name, data := range fs {
			r.Files = append(r.Files, release.File{Name: name, Data: []byte(data)})
		}
		r.Sort()
		set.Releases = append(set.Releases, r)
	}
	if _, err := publish.Publish(t.Context(), set, p, publish.Policy{}); err != nil {
		t.Fatal(err)
	}
	return open(t, "oci://"+reg.Host+"/capi/"+label, source.Options{Registry: remote})
}

func open(t *testing.T, url string, o source.Options) repository.Repository {
	t.Helper()
	r, err := source.For(url, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRepositoryKinds: every kind of repository reads the same releases the same way
// (the Repository contract); where kinds differ, Info says so.
func TestRepositoryKinds(t *testing.T) {
	t.Parallel()
	for kind, r := range kinds(t) {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			info := r.Info()
			if info.Kind != kind || info.Label != label || info.Components != comps || info.SkipsMissing != (kind == repository.GitHub) ||
				info.Unlisted || info.ResolvesLatest() != (kind != repository.GitLab) || info.Name == "" {
				t.Errorf("Info = %+v", info)
			}
			names, err := r.Versions(ctx)
			var versions []string // as readers keep them (OCI also lists the referrers' fallback tags)
			for _, n := range names {
				if layout.IsVersion(n) {
					versions = append(versions, n)
				}
			}
			if slices.Sort(versions); err != nil || !slices.Equal(versions, []string{"v1.0.0", "v1.1.0"}) {
				t.Errorf("Versions = %v, %v", names, err)
			}
			files, err := r.Files(ctx, "v1.1.0")
			if err != nil || !slices.Contains(files, layout.MetadataFile) || !slices.Contains(files, comps) || !slices.Contains(files, "cluster-template.yaml") {
				t.Errorf("Files(v1.1.0) = %v, %v", files, err)
			}
			if data, err := r.File(ctx, "v1.1.0", "cluster-template.yaml"); err != nil || string(data) != "template of v1.1.0" {
				t.Errorf("File(template) = %q, %v", data, err)
			}
			for what, read := range map[string]func() error{
				"a missing file":    func() error { _, err := r.File(ctx, "v1.1.0", "cluster-template-ha.yaml"); return err },
				"a missing version": func() error { _, err := r.File(ctx, "v9.9.9", layout.MetadataFile); return err },
			} {
				if err := read(); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s: %v, want an error wrapping fs.ErrNotExist", what, err)
				}
			}
			if b, err := r.Bundles(ctx, "v1.0.0"); err != nil || len(b) != 1 || string(b[0]) != bundle {
				t.Errorf("Bundles(v1.0.0) = %q, %v; want the bundle (a file, or for OCI a referrer)", b, err)
			}
			if b, err := r.Bundles(ctx, "v1.1.0"); err != nil || len(b) != 0 {
				t.Errorf("Bundles(v1.1.0) = %q, %v; want none", b, err)
			}
		})
	}
}
