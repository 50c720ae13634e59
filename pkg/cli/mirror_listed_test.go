package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

// truncated drops the last YAML document (still valid YAML: what a truncating proxy
// that ends at a line leaves).
func truncated(b []byte) []byte {
	if i := bytes.LastIndex(b, []byte("\n---\n")); i > 0 {
		return b[:i+1]
	}
	return b[:bytes.LastIndexByte(b[:len(b)-1], '\n')+1]
}

// substituted is other bytes of the same size (a server serving another file).
func substituted(b []byte) []byte { return bytes.ReplaceAll(b, []byte("sample"), []byte("elpmas")) }

// forgeCase is one forge serving v0.1.0 and v0.1.1 of the sample provider, with a
// way to make its downloads go wrong from now on.
type forgeCase struct {
	args   []string // the mirror's source flags, without the version
	spec   string   // the provider flag's name
	tamper func(body func([]byte) []byte)
}

func githubForge(t *testing.T, rels []*release.Release) forgeCase {
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: rels})
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \"https://github.com/acme/"+sampleRepo+"/releases/latest/infrastructure-components.yaml\"}\n")
	return forgeCase{[]string{"--from-config", from, "--github-url", gh.URL()}, "sample", func(body func([]byte) []byte) {
		gh.Inject(fakegithub.Fault{Route: fakegithub.RouteDownload, Count: 1000, Kind: fakegithub.FaultBody, Body: body})
	}}
}

func gitlabForge(t *testing.T, rels []*release.Release) forgeCase {
	gl := fakegitlab.New(t)
	gl.AddProject(fakegitlab.Project{ID: 7, Path: "infra/capi", Public: true})
	for _, r := range rels {
		for _, f := range r.Files {
			gl.Seed("infra/capi", "infrastructure-glsample", r.Version.String(), f.Name, f.Data)
		}
	}
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: glsample, type: InfrastructureProvider, url: "+
		"\"https://gitlab.example.com/api/v4/projects/infra%2Fcapi/packages/generic/infrastructure-glsample/v0.1.0/infrastructure-components.yaml\"}\n")
	return forgeCase{[]string{"--from-config", from, "--gitlab-url", gl.URL}, "glsample", func(body func([]byte) []byte) {
		gl.Inject(fakegitlab.Fault{Route: fakegitlab.RouteDownload, Count: 1000, Body: body})
	}}
}

// TestMirrorChecksDownloadsAgainstTheForgesListing: a download that differs from the
// size and digest the forge lists for it (GitHub's asset size and digest, GitLab's
// file_sha256), truncated or substituted on the way, fails mirror with exit 4 naming
// the file; the earlier mirror is left as it was and nothing of the bad download is
// recorded, so the next run (the forge healthy again) fetches it again.
func TestMirrorChecksDownloadsAgainstTheForgesListing(t *testing.T) {
	t.Parallel()
	rels := sampleReleases(t, "v0.1.0", "v0.1.1")
	forges := map[string]func(*testing.T, []*release.Release) forgeCase{"github": githubForge, "gitlab": gitlabForge}
	for forge, newForge := range forges {
		for how, body := range map[string]func([]byte) []byte{"truncated": truncated, "substituted": substituted} {
			t.Run(forge+" "+how, func(t *testing.T) {
				t.Parallel()
				f := newForge(t, rels)
				dir := filepath.Join(t.TempDir(), "mirror")
				mirrorAt := func(version string) (int, string) {
					args := append(append([]string{"--out", dir, "--cert-manager", ""}, f.args...), "--infrastructure", f.spec+":"+version)
					code, out, errOut := runMirror(t, nil, args...)
					return code, out + errOut
				}
				if code, log := mirrorAt("v0.1.0"); code != ExitOK {
					t.Fatalf("the earlier mirror: exit %d\n%s", code, log)
				}
				before := snapshot(t, dir)
				var healed atomic.Bool
				f.tamper(func(b []byte) []byte {
					if healed.Load() {
						return b
					}
					return body(b)
				})
				code, log := mirrorAt("v0.1.1")
				if code != ExitPublish || !regexp.MustCompile(`error: downloading [a-z-]+\.yaml of infrastructure-[a-z]+ v0\.1\.1: .* lists `).MatchString(log) {
					t.Errorf("a %s download: exit %d, want %d naming the file and the listing\n%s", how, code, ExitPublish, log)
				}
				if after := snapshot(t, dir); after != before {
					t.Errorf("the earlier mirror changed:\nbefore:\n%s\nafter:\n%s", before, after)
				}
				healed.Store(true)
				if code, log := mirrorAt("v0.1.1"); code != ExitOK || strings.Contains(log, "reused") && !strings.Contains(log, "0 reused") {
					t.Fatalf("the run after: exit %d, want 0 and every file fetched again\n%s", code, log)
				}
				for _, file := range rels[1].Files {
					got, err := os.ReadFile(filepath.Join(dir, "infrastructure-"+f.spec, "v0.1.1", file.Name))
					if err != nil || !bytes.Equal(got, file.Data) {
						t.Errorf("the run after: %s is not the listed file (%v)", file.Name, err)
					}
				}
			})
		}
	}
}

// snapshot is every file of dir with its sha256, one a line.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		b.WriteString(strings.TrimPrefix(path, dir) + " " + release.SHA256(data) + "\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
