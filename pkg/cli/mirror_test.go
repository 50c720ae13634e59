package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/pipeline"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

const (
	mirrorToken  = "ghp_MIRRORsecret0123456789"
	sampleRepo   = "cluster-api-provider-sample"
	certManifest = `apiVersion: v1
kind: Namespace
metadata: {name: cert-manager}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: cert-manager, namespace: cert-manager}
spec:
  template:
    spec:
      containers:
      - {name: controller, image: quay.io/jetstack/cert-manager-controller:v1.21.1}
`
)

// runMirror runs the mirror command in-process with the given environment (the
// process environment is never read or changed).
func runMirror(t testing.TB, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	return runEnv(t, env, append([]string{"mirror"}, args...)...)
}

// sampleReleases builds the example provider with the capirepo pipeline.
func sampleReleases(t testing.TB, versions ...string) []*release.Release {
	t.Helper()
	cfg, err := config.Load("../../examples/sample/capirepo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var out []*release.Release
	for _, v := range versions {
		res, err := pipeline.Build(context.Background(), cfg, pipeline.Options{Version: layout.MustParseVersion(v), Published: []string{}})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, res.Set.Releases[0])
	}
	return out
}

func assets(rel *release.Release) []fakegithub.Asset {
	var out []fakegithub.Asset
	for _, f := range rel.Files {
		out = append(out, fakegithub.Asset{Name: f.Name, Data: f.Data})
	}
	return out
}

// fakeGitHub serves the releases under acme/<repo> and cert-manager v1.21.1.
func fakeGitHub(t testing.TB, repos map[string][]*release.Release) *fakegithub.Server {
	t.Helper()
	f := fakegithub.New()
	t.Cleanup(f.Close)
	for repo, rels := range repos {
		f.AddRepo("acme", repo, fakegithub.RepoOptions{})
		for _, r := range rels {
			f.AddRelease("acme", repo, fakegithub.Release{Tag: r.Version.String(), Assets: assets(r)})
		}
	}
	f.AddRepo("cert-manager", "cert-manager", fakegithub.RepoOptions{})
	f.AddRelease("cert-manager", "cert-manager", fakegithub.Release{Tag: "v1.21.1",
		Assets: []fakegithub.Asset{{Name: "cert-manager.yaml", Data: []byte(certManifest)}}})
	return f
}

// renamed is a copy of rel under another provider name.
func renamed(rel *release.Release, name string) *release.Release {
	c := *rel
	c.Name = name
	return &c
}

func writeText(t testing.TB, path, body string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestMirrorAllSourcesWithClusterctl(t *testing.T) {
	t.Parallel()
	rels := sampleReleases(t, "v0.1.0", "v0.1.1")
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: rels})
	gl := fakegitlab.New(t)
	gl.AddProject(fakegitlab.Project{ID: 7, Path: "infra/capi", Public: true})
	for _, f := range rels[0].Files {
		gl.Seed("infra/capi", "infrastructure-glsample", "v0.1.0", f.Name, f.Data)
	}
	upstream := t.TempDir()
	if _, err := publish.Publish(context.Background(), &release.Set{Releases: []*release.Release{renamed(rels[1], "localsample")}}, local.New(upstream, local.Options{}), publish.Policy{}); err != nil {
		t.Fatal(err)
	}
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), `providers:
- {name: sample, type: InfrastructureProvider, url: "https://github.com/acme/`+sampleRepo+`/releases/latest/infrastructure-components.yaml"}
- {name: glsample, type: InfrastructureProvider, url: "https://gitlab.example.com/api/v4/projects/infra%2Fcapi/packages/generic/infrastructure-glsample/v0.1.0/infrastructure-components.yaml"}
- {name: localsample, type: InfrastructureProvider, url: "file://`+upstream+`/infrastructure-localsample/latest/infrastructure-components.yaml"}
`)
	dir := filepath.Join(t.TempDir(), "mirror")
	code, out, errOut := runMirror(t, nil, "--out", dir, "--from-config", from, "--github-url", gh.URL(), "--gitlab-url", gl.URL,
		"--infrastructure", "sample:v0.1.0", "--infrastructure", "sample", "--image-registry", "mirror.local/capi")
	if code != 0 {
		t.Fatalf("mirror exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"mirrored infrastructure-sample v0.1.0", "mirrored infrastructure-sample v0.1.1", "mirrored infrastructure-glsample v0.1.0",
		"mirrored infrastructure-localsample v0.1.1", "mirrored cert-manager v1.21.1"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	images, _ := os.ReadFile(filepath.Join(dir, "images.txt"))
	for _, want := range []string{"quay.io/jetstack/cert-manager-controller:v1.21.1\n", "registry.example.com/capi-sample/sample-controller:v0.1.1\n"} {
		if !strings.Contains(string(images), want) {
			t.Errorf("images.txt lacks %q:\n%s", want, images)
		}
	}
	if strings.Contains(errOut, "\r") {
		t.Errorf("progress was drawn on a non-terminal stderr")
	}
	if !strings.Contains(errOut, "infrastructure-glsample/v0.1.0/infrastructure-components.yaml:5: warning components-provider-label") {
		t.Errorf("the renamed release's lint warnings are not reported:\n%s", errOut)
	}
	checkWithClusterctl(t, dir)
}

// checkWithClusterctl reads the mirror with the real clusterctl, offline, through the
// mirror's own clusterctl.yaml only.
func checkWithClusterctl(t *testing.T, dir string) {
	cfg := filepath.Join(dir, "clusterctl.yaml")
	for _, cc := range clusterctl.Pick(t, "v1.13.6") {
		for _, p := range []string{"sample:v0.1.0", "sample:v0.1.1", "glsample:v0.1.0", "localsample:v0.1.1"} {
			desc := cc.MustRun(t, nil, "generate", "provider", "--infrastructure", p, "--config", cfg, "--describe")
			if !strings.Contains(desc, "sample-system") || !strings.Contains(desc, "file://"+dir) || !strings.Contains(desc, "mirror.local/capi/sample-controller") {
				t.Errorf("%s --describe does not read the mirror:\n%s", p, desc)
			}
		}
		vars := cc.MustRun(t, nil, "generate", "cluster", "c1", "--infrastructure", "sample:v0.1.1", "-n", "default", "--flavor", "topology", "--list-variables", "--config", cfg)
		if !strings.Contains(vars, "SAMPLE_REGION") {
			t.Errorf("--list-variables lacks SAMPLE_REGION:\n%s", vars)
		}
		repos := cc.MustRun(t, nil, "config", "repositories", "--config", cfg)
		if strings.Contains(repos, "https://github.com/acme") {
			t.Errorf("clusterctl still points at GitHub:\n%s", repos)
		}
		for _, line := range strings.Split(repos, "\n") {
			if strings.Contains(line, "file://") && strings.Contains(line, "/latest/") {
				t.Errorf("a mirrored provider is not pinned: %s", line)
			}
		}
		if !strings.Contains(repos, "/infrastructure-sample/v0.1.1/") {
			t.Errorf("sample is not pinned to v0.1.1, its highest mirrored version:\n%s", repos)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "cert-manager", "v1.21.1", "cert-manager.yaml"))
	if err != nil || string(data) != certManifest {
		t.Errorf("cert-manager.yaml not mirrored: %v", err)
	}
}

func TestMirrorResumeDownloadsNothing(t *testing.T) {
	t.Parallel()
	rels := sampleReleases(t, "v0.1.0", "v0.1.1")
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: rels})
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \"https://github.com/acme/"+sampleRepo+"/releases/latest/infrastructure-components.yaml\"}\n")
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
		// wantAPI: whether the resumed run may still call the API (listing releases to
		// resolve latest); downloads are never allowed.
		wantAPI bool
	}{
		{"pinned", []string{"--infrastructure", "sample:v0.1.0", "--infrastructure", "sample:v0.1.1"}, false},
		{"latest", []string{"--infrastructure", "sample"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"--out", dir, "--from-config", from, "--github-url", gh.URL()}, tt.args...)
			if code, out, errOut := runMirror(t, nil, args...); code != 0 {
				t.Fatalf("first run exit %d\n%s\n%s", code, out, errOut)
			}
			before := len(gh.Log())
			code, out, errOut := runMirror(t, nil, args...)
			if code != 0 {
				t.Fatalf("resumed run exit %d\n%s\n%s", code, out, errOut)
			}
			for _, r := range gh.Log()[before:] {
				if r.Route == fakegithub.RouteDownload || r.Route == fakegithub.RouteGetAsset || !tt.wantAPI {
					t.Errorf("resumed run requested %s %s (%s)", r.Method, r.Path, r.Route)
				}
			}
			if !strings.Contains(out, "0 file(s) downloaded") {
				t.Errorf("resumed run output:\n%s", out)
			}
		})
	}
}

func TestMirrorRejectsEscapingAsset(t *testing.T) {
	t.Parallel()
	rel := sampleReleases(t, "v0.1.0")[0]
	evil := *rel
	evil.Files = append(append([]release.File(nil), rel.Files...), release.File{Name: "cluster-template-../../../../evil.yaml", Data: []byte("kind: X\n")})
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: {&evil}})
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \"https://github.com/acme/"+sampleRepo+"/releases/v0.1.0/infrastructure-components.yaml\"}\n")
	root := t.TempDir()
	dir := filepath.Join(root, "a", "b", "mirror")
	code, out, errOut := runMirror(t, nil, "--out", dir, "--from-config", from, "--github-url", gh.URL(), "--cert-manager", "")
	if code != ExitPublish || !strings.Contains(errOut, "refusing the release asset") {
		t.Fatalf("exit %d, want %d and a refusal\n%s\n%s", code, ExitPublish, out, errOut)
	}
	matches, _ := filepath.Glob(filepath.Join(root, "*evil*"))
	deep, _ := filepath.Glob(filepath.Join(dir, "*", "*", "*evil*"))
	if len(matches)+len(deep) > 0 {
		t.Errorf("the escaping asset was written: %v %v", matches, deep)
	}
}

func TestMirrorNoTokenInOutput(t *testing.T) {
	t.Parallel()
	gh := fakeGitHub(t, nil)
	gh.AddToken(mirrorToken, fakegithub.Read)
	gh.EchoAuth(true)
	gh.AddRepo("acme", sampleRepo, fakegithub.RepoOptions{Private: true})
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \"https://github.com/acme/"+sampleRepo+"/releases/v9.0.0/infrastructure-components.yaml\"}\n")
	for _, tok := range []string{mirrorToken, "ghp_UNKNOWNtoken987"} {
		env := map[string]string{"GH_TOKEN": tok}
		code, out, errOut := runMirror(t, env, "--out", t.TempDir(), "--from-config", from, "--github-url", gh.URL(), "--cert-manager", "")
		if code == 0 || strings.Contains(out+errOut, tok) {
			t.Errorf("exit %d (want a failure) and the output must not hold the token:\n%s\n%s", code, out, errOut)
		}
	}
	if len(gh.Log()) == 0 || !gh.Log()[0].Auth {
		t.Errorf("the token from GH_TOKEN was not sent")
	}
}

func TestMirrorUsage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no out", []string{"--core", "cluster-api:v1.9.6"}, "--out"},
		{"bad contract", []string{"--out", "x", "--contract", "v1alpha4"}, "--contract"},
		{"unknown provider", []string{"--out", "x", "--infrastructure", "nope:v1.0.0"}, "no InfrastructureProvider named nope"},
		{"bad version", []string{"--out", "x", "--bootstrap", "kubeadm:1.9"}, "--bootstrap"},
		{"gitlab latest", []string{"--out", "x", "--from-config", "../mirror/testdata/clusterctl.yaml", "--infrastructure", "aws:latest"}, "GitLab repositories cannot resolve latest"},
		{"relative local path", []string{"--out", "x", "--cert-manager-url", "cert-manager/{version}/cert-manager.yaml"}, "--cert-manager-url"},
		{"unknown flag", []string{"--out", "x", "--colour"}, "unknown flag"},
		{"to-gitlab without project", []string{"--out", "x", "--to-gitlab", "https://gitlab.example.com"}, "--gitlab-project"},
		{"images layout in the mirror folder", []string{"--out", "x", "--cert-manager", "", "--images-layout", "./x/"}, "--images-layout ./x/ is the mirror folder"},
		{"configmaps in the mirror folder", []string{"--out", "x/", "--cert-manager", "", "--configmaps", "x"}, "--configmaps x is the mirror folder"},
		{"negative jobs", []string{"--out", "x", "--cert-manager", "", "--jobs", "-1"}, "--jobs -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, _, errOut := runMirror(t, nil, tt.args...)
			if code != ExitUsage || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errOut, ExitUsage, tt.want)
			}
		})
	}
}
