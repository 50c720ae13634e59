package main

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// publishedRelease is capirepo v1.2.3 with a signature bundle of checksums.txt,
// tagged (annotated) on tagCommit, where the moving tag v1 also points.
func publishedRelease(t *testing.T, f *fakeRelease) {
	t.Helper()
	f.release(t, "v1.2.3", "linux_amd64", "darwin_arm64", "windows_arm64")
	f.put("v1.2.3", "checksums.txt.sigstore.json", []byte(`{"mediaType":"application/vnd.dev.sigstore.bundle.v0.3+json"}`))
	f.refs(untagged+"\trefs/heads/main", tagCommit+"\trefs/tags/v1", tagObject+"\trefs/tags/v1.2.3", tagCommit+"\trefs/tags/v1.2.3^{}")
}

// TestActionInstallsTheVerifiedReleaseBinary: at a release tag, at the commit SHA of
// one, or at a moving tag on it, the script installs the release's binary for the
// runner's OS and architecture once checksums.txt's signature verifies (cosign, with
// the release workflow's identity) and the archive's sha256 matches.
func TestActionInstallsTheVerifiedReleaseBinary(t *testing.T) {
	t.Parallel()
	f, srv := newFakeRelease(t)
	publishedRelease(t, f)
	cases := map[string]struct{ ref, os, arch, binary string }{
		"a release tag":         {"v1.2.3", "Linux", "X64", "capirepo"},
		"the commit of a tag":   {tagCommit, "Windows", "ARM64", "capirepo.exe"},
		"a moving tag on a tag": {"v1", "macOS", "ARM64", "capirepo"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tools := toolPath(t)
			args := cosignStub(t, tools, "0")
			run := runInstall(t, srv, tools, map[string]string{"ACTION_REF": c.ref, "RUNNER_OS": c.os, "RUNNER_ARCH": c.arch})
			run.installed(t, c.binary, fakeBinary("v1.2.3"), "release", "v1.2.3")
			got, _ := os.ReadFile(args)
			identity := `^` + strings.ReplaceAll(srv.URL, ".", `\.`) + `/capirepo/capirepo/\.github/workflows/release\.yaml@refs/tags/v1\.2\.3$`
			want := "verify-blob\n--bundle\n"
			if s := string(got); !strings.HasPrefix(s, want) || !strings.Contains(s, "--certificate-identity-regexp\n"+identity+"\n") ||
				!strings.Contains(s, "--certificate-oidc-issuer\n"+srv.URL+"/_services/token\n") || !strings.HasSuffix(s, "/checksums.txt\n") {
				t.Errorf("cosign ran with\n%s\nwant verify-blob of checksums.txt for identity %s", s, identity)
			}
		})
	}
}

// TestActionInstallWithoutCosign: without cosign on PATH, a release whose checksum the
// action's commit pins (hack/action-checksums.txt) installs, a notice saying the pin
// is what checked it; one it does not pin is refused, as the release's own assets are
// no anchor.
func TestActionInstallWithoutCosign(t *testing.T) {
	t.Parallel()
	f, srv := newFakeRelease(t)
	publishedRelease(t, f)
	run := runInstall(t, srv, toolPath(t), map[string]string{"ACTION_PATH": pinnedSource(t, f, "v1.2.3", "capirepo_1.2.3_linux_amd64.tar.gz")})
	run.installed(t, "capirepo", fakeBinary("v1.2.3"), "release", "v1.2.3")
	if !strings.Contains(run.log, "::notice") || !strings.Contains(run.log, "checked against the checksum this action's commit pins") {
		t.Errorf("no notice that the pin checked it:\n%s", run.log)
	}
	runInstall(t, srv, toolPath(t), nil).refused(t, "cosign is not on PATH, and this action's commit pins no checksum of release v1.2.3")
}

// pinnedSource is the action's source at a commit that pins the checksum of the
// release's asset as it is served now.
func pinnedSource(t *testing.T, f *fakeRelease, tag, asset string) string {
	t.Helper()
	src := fakeSource(t)
	f.mu.Lock()
	data := f.files["/capirepo/capirepo/releases/download/"+tag+"/"+asset]
	f.mu.Unlock()
	line := fmt.Sprintf("# pinned\n%x  %s\n", sha256.Sum256(data), asset)
	if err := os.MkdirAll(filepath.Join(src, "hack"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "hack", "action-checksums.txt"), []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	return src
}

// TestActionRefusesAReplacedReleaseAsset: a release asset replaced after the action's
// commit pinned its checksum, with a checksums.txt to match (all a release's assets
// can be replaced), is refused, even when a signature stub would pass.
func TestActionRefusesAReplacedReleaseAsset(t *testing.T) {
	t.Parallel()
	asset := "capirepo_1.2.3_linux_amd64.tar.gz"
	f, srv := newFakeRelease(t)
	publishedRelease(t, f)
	src := pinnedSource(t, f, "v1.2.3", asset)
	evil := tarGz(t, "capirepo", fakeBinary("evil"))
	f.put("v1.2.3", asset, evil)
	f.put("v1.2.3", "checksums.txt", []byte(fmt.Sprintf("%x  %s\n", sha256.Sum256(evil), asset)))
	for name, cosign := range map[string]string{"without cosign": "", "with a cosign that passes": "0"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tools := toolPath(t)
			if cosign != "" {
				cosignStub(t, tools, cosign)
			}
			runInstall(t, srv, tools, map[string]string{"ACTION_PATH": src}).refused(t, "refusing a replaced release asset")
		})
	}
}

// TestActionRefusesWhatDoesNotVerify: a checksum mismatch, a checksums.txt without
// the archive, a signature cosign refuses, or a missing signature that is required
// fails the step; nothing is installed and nothing is built instead.
func TestActionRefusesWhatDoesNotVerify(t *testing.T) {
	t.Parallel()
	asset := "capirepo_1.2.3_linux_amd64.tar.gz"
	cases := map[string]struct {
		change func(f *fakeRelease)
		cosign string // the stub's exit code; "" for no cosign
		env    map[string]string
		msg    string
	}{
		"checksum mismatch": {change: func(f *fakeRelease) {
			f.put("v1.2.3", "checksums.txt", []byte(strings.Repeat("0", 64)+"  "+asset+"\n"))
		}, cosign: "0", msg: "refusing it (a corrupted or altered download)"},
		"altered archive": {change: func(f *fakeRelease) {
			f.put("v1.2.3", asset, tarGz(t, "capirepo", fakeBinary("evil")))
		}, cosign: "0", msg: "but checksums.txt of release v1.2.3 says"},
		"no checksum of the archive": {change: func(f *fakeRelease) {
			f.put("v1.2.3", "checksums.txt", []byte(strings.Repeat("0", 64)+"  capirepo_1.2.3_linux_386.tar.gz\n"))
		}, cosign: "0", msg: "has no sha256 of " + asset},
		"a signature cosign refuses": {cosign: "1", msg: "does not verify"},
		"signature missing, nothing pinned": {change: func(f *fakeRelease) {
			f.remove("v1.2.3", "checksums.txt.sigstore.json")
		}, cosign: "0", msg: "has no checksums.txt.sigstore.json, and this action's commit pins no checksum of it"},
		"required signature, no cosign": {env: map[string]string{"REQUIRE_SIGNATURE": "true"}, msg: "cosign is not on PATH"},
		"a server that is not https":    {env: map[string]string{"GITHUB_SERVER_URL": "http://127.0.0.2:9"}, msg: "GITHUB_SERVER_URL"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, srv := newFakeRelease(t)
			publishedRelease(t, f)
			if c.change != nil {
				c.change(f)
			}
			tools := toolPath(t)
			if c.cosign != "" {
				cosignStub(t, tools, c.cosign)
			}
			run := runInstall(t, srv, tools, c.env)
			run.refused(t, c.msg)
			if strings.Contains("\n"+run.log, "\n::warning::from cosign") || c.cosign == "1" && !strings.Contains(run.log, "cosign: ::warning::from cosign") {
				t.Errorf("cosign's output is not in the log, prefixed so it is no workflow command:\n%s", run.log)
			}
		})
	}
}

// TestActionBuildsFromSourceWithoutARelease: a ref without a release (a commit no
// tag names, a version tag not released yet, a branch, or an action whose
// repository is unknown) is built from the action's source, its version stamped as
// capirepo version reports a build of that commit.
func TestActionBuildsFromSourceWithoutARelease(t *testing.T) {
	t.Parallel()
	f, srv := newFakeRelease(t)
	publishedRelease(t, f)
	cases := map[string]struct {
		env     map[string]string
		version string
	}{
		"an untagged commit":       {map[string]string{"ACTION_REF": untagged}, "dev+333333333333"},
		"a tag with no release":    {map[string]string{"ACTION_REF": "v1.3.0"}, "v1.3.0"},
		"a branch":                 {map[string]string{"ACTION_REF": "main"}, "dev"},
		"a local action (no repo)": {map[string]string{"ACTION_REPOSITORY": ""}, "v1.2.3"},
		"an unreleased platform":   {map[string]string{"RUNNER_ARCH": "X86"}, "v1.2.3"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			run := runInstall(t, srv, toolPath(t), c.env)
			run.installed(t, "capirepo", nil, "source", c.version)
		})
	}
}
