package mirror

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
)

const fooURL = "https://github.com/acme/cluster-api-provider-foo/releases/latest/infrastructure-components.yaml"

type fixture struct {
	dir  string
	foo  *memSource
	cert *memSource
	opts Options
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	return newFixtureIn(t.TempDir())
}

// newFixtureIn is newFixture writing into dir (a killed child's own t.TempDir would
// stay behind: its cleanup never runs).
func newFixtureIn(dir string) *fixture {
	f := &fixture{
		dir: dir,
		foo: newMem(map[string]map[string]string{
			"v1.0.0": providerFiles("v1.0.0", "infrastructure-components.yaml"),
			"v1.0.1": providerFiles("v1.0.1", "infrastructure-components.yaml"),
		}),
		cert: newMem(map[string]map[string]string{"v1.20.2": {"cert-manager.yaml": "kind: Deployment\nspec: {template: {spec: {containers: [{image: quay.io/jetstack/cert-manager-controller:v1.20.2}]}}}\n"}}),
	}
	f.opts = Options{Dir: dir, Jobs: 3, Destination: dirPublisher{dir}, ImageRegistry: "mirror.local/capi", calls: quiet(),
		CertManager: CertManagerJob{Version: "v1.20.2", URL: "https://github.com/cert-manager/cert-manager/releases/v1.20.2/cert-manager.yaml", File: "cert-manager.yaml", Source: f.cert}}
	return f
}

func (f *fixture) jobs(versions ...string) []Job {
	var out []Job
	for _, v := range versions {
		out = append(out, Job{Pick: Pick{Provider: Provider{Provider: layout.Provider{Name: "foo", Type: "InfrastructureProvider"}, URL: fooURL}, Version: v}, Source: f.foo})
	}
	return out
}

func TestRunMirrorsAndResumes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	writeFile(t, filepath.Join(f.dir, clusterctlcfg.File), "# kept\nproviders:\n- {name: foo, type: InfrastructureProvider, url: /x/infrastructure-foo/latest/infrastructure-components.yaml}\n")
	res, err := Run(context.Background(), f.jobs("v1.0.0", "v1.0.1", "v1.0.0"), f.opts)
	if err != nil {
		t.Fatalf("Run() error = %v", err)
	}
	if len(res.Releases) != 2 || res.Stats.Downloaded.Load() != 7 {
		t.Fatalf("Run() mirrored %d releases, %d files; want 2 releases (duplicate pick dropped), 7 files", len(res.Releases), res.Stats.Downloaded.Load())
	}
	if _, err := os.Stat(filepath.Join(f.dir, "infrastructure-foo", "v1.0.0", "checksums.txt")); !os.IsNotExist(err) {
		t.Errorf("checksums.txt was mirrored; only metadata, components and templates should be")
	}
	checkOutputs(t, f.dir)

	before := map[string]int{"files": f.foo.count("files"), "file": f.foo.count("file"), "cert": f.cert.count("file")}
	res, err = Run(context.Background(), f.jobs("v1.0.0", "v1.0.1"), f.opts)
	if err != nil {
		t.Fatalf("resumed Run() error = %v", err)
	}
	after := map[string]int{"files": f.foo.count("files"), "file": f.foo.count("file"), "cert": f.cert.count("file")}
	for k := range before {
		if before[k] != after[k] {
			t.Errorf("resumed run called the source's %s %d more times, want 0", k, after[k]-before[k])
		}
	}
	if res.Stats.Downloaded.Load() != 0 || res.Stats.Reused.Load() != 7 {
		t.Errorf("resumed run: %d downloaded, %d reused; want 0 and 7", res.Stats.Downloaded.Load(), res.Stats.Reused.Load())
	}
}

func checkOutputs(t *testing.T, dir string) {
	t.Helper()
	cfg := readFile(t, filepath.Join(dir, clusterctlcfg.File))
	for _, want := range []string{"# kept", "name: foo", "cert-manager:", "url: file://" + filepath.ToSlash(dir) + "/cert-manager/v1.20.2/cert-manager.yaml",
		"version: v1.20.2", "images:", "repository: mirror.local/capi"} {
		if !strings.Contains(cfg, want) {
			t.Errorf("clusterctl.yaml lacks %q:\n%s", want, cfg)
		}
	}
	images := readFile(t, filepath.Join(dir, ImagesFile))
	want := "quay.io/jetstack/cert-manager-controller:v1.20.2\nregistry.example.com/foo/init:v1.0.0\nregistry.example.com/foo/init:v1.0.1\nregistry.example.com/foo/manager:v1.0.0\nregistry.example.com/foo/manager:v1.0.1\n"
	if images != want {
		t.Errorf("images.txt = %q, want %q", images, want)
	}
	var m Manifest
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(dir, ManifestFile))), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Releases) != 2 || m.CertManager == nil || m.Releases[0].Source != fooURL || len(m.Releases[0].Files) != 3 {
		t.Errorf("mirror.json = %+v, want 2 releases of 3 files from %s and cert-manager", m, fooURL)
	}
	data := readFile(t, filepath.Join(dir, "infrastructure-foo", "v1.0.0", "infrastructure-components.yaml"))
	if got := m.Releases[0].sum("infrastructure-components.yaml"); got != sum([]byte(data)) {
		t.Errorf("mirror.json sha256 %s does not match the file", got)
	}
	if readFile(t, filepath.Join(dir, CertManager, "v1.20.2", localrepo.ChecksumFile)) == "" {
		t.Errorf("cert-manager folder has no sha256 file")
	}
}

func TestRunResumeChecksCheckums(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if _, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts); err != nil {
		t.Fatal(err)
	}
	// Without mirror.json the listing is asked again, but files with the sha256
	// file's checksum are reused; a changed file is downloaded again.
	os.Remove(filepath.Join(f.dir, ManifestFile))
	writeFile(t, filepath.Join(f.dir, "infrastructure-foo", "v1.0.0", "cluster-template.yaml"), "tampered")
	files, file := f.foo.count("files"), f.foo.count("file")
	res, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts)
	if err != nil {
		t.Fatal(err)
	}
	if f.foo.count("files") != files+1 || f.foo.count("file") != file+1 || res.Stats.Reused.Load() != 3 {
		t.Errorf("resume from sha256: %d listings, %d downloads, %d reused; want 1, 1 (the tampered file), 3",
			f.foo.count("files")-files, f.foo.count("file")-file, res.Stats.Reused.Load())
	}
}

func TestRunRejectsEscapingNames(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"cluster-template-../../../evil.yaml", "clusterclass-a/b.yaml", `cluster-template-x\..\y.yaml`} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			f.foo.versions["v1.0.0"][name] = []byte("kind: Evil\n")
			res, err := Run(context.Background(), f.jobs("v1.0.0", "v1.0.1"), f.opts)
			if err == nil || !strings.Contains(err.Error(), "refusing the release asset") || !strings.Contains(err.Error(), fmt.Sprintf("%q", name)) {
				t.Fatalf("Run() error = %v, want a refusal naming %q", err, name)
			}
			if len(res.Releases) != 0 {
				t.Errorf("Run() published %v, want nothing (all or nothing)", res.Releases)
			}
			for _, v := range []string{"v1.0.0", "v1.0.1"} {
				if _, err := os.Stat(filepath.Join(f.dir, "infrastructure-foo", v)); !os.IsNotExist(err) {
					t.Errorf("%s was written beside a refused release", v)
				}
			}
		})
	}
}

func TestRunLatestAndErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		latest  func(context.Context, repository.Repository, string) (string, error)
		version string
		want    string // error substring; "" = success
	}{
		{"latest resolved", func(ctx context.Context, s repository.Repository, _ string) (string, error) {
			v, err := s.Versions(ctx)
			return v[len(v)-1], err
		}, Latest, ""},
		{"latest without resolver", nil, Latest, "cannot be resolved"},
		{"missing version", nil, "v9.9.9", "listing the files of infrastructure-foo v9.9.9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			if f.opts.calls.latest = tt.latest; tt.latest != nil {
				f.opts.Contract = "v1beta2"
			}
			res, err := Run(context.Background(), f.jobs(tt.version), f.opts)
			if tt.want == "" {
				if err != nil || len(res.Releases) != 1 || res.Releases[0].Version.String() != "v1.0.1" {
					t.Fatalf("Run() = %v, %v; want v1.0.1", res.Releases, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Run() error = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestRunStrictAndLint(t *testing.T) {
	t.Parallel()
	for _, strict := range []bool{false, true} {
		t.Run(map[bool]string{false: "lenient", true: "strict"}[strict], func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			f.opts.Strict = strict
			f.opts.calls.lint = func(r *release.Release) lint.Findings {
				return lint.Findings{{Rule: "r", Severity: lint.Error, File: r.Label(), Message: "bad"}}
			}
			res, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts)
			_, statErr := os.Stat(filepath.Join(f.dir, "infrastructure-foo", "v1.0.0"))
			if len(res.Findings) != 1 || strict != (err != nil) || strict != os.IsNotExist(statErr) {
				t.Errorf("strict=%v: findings %v, error %v, folder %v; want the finding, and an error with nothing written only when strict", strict, res.Findings, err, statErr)
			}
		})
	}
}

func TestRunBoundsParallelism(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.opts.Jobs = 2
	if _, err := Run(context.Background(), f.jobs("v1.0.0", "v1.0.1"), f.opts); err != nil {
		t.Fatal(err)
	}
	if f.foo.peak > 2 {
		t.Errorf("%d calls in flight, want at most --jobs 2", f.foo.peak)
	}
}

func TestRunRefusesBrokenFilesBeside(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, file, body, want string }{
		{"mirror.json", ManifestFile, "{not json", "remove it to mirror everything again"},
		{"clusterctl.yaml list", clusterctlcfg.File, "- a\n- b\n", "the top level is not a mapping"},
		{"clusterctl.yaml binary", clusterctlcfg.File, "a: \x00\n", "fix or remove the file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			path := filepath.Join(f.dir, tt.file)
			writeFile(t, path, tt.body)
			_, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("Run() error = %v, want %q naming %s", err, tt.want, path)
			}
		})
	}
}
