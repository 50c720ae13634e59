package cli

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

func TestPublishOCIRerunConflictReplace(t *testing.T) {
	t.Parallel()
	reg := registry.New(t)
	env := ociEnv(t)
	args := []string{"publish", "oci", "--to", reg.Host + "/capi", "--plain-http", "--from"}
	code, out, errOut := runEnv(t, env, append(args, builtTiny(t))...)
	if code != ExitOK {
		t.Fatalf("publish: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{`fetchConfig: {oci: "http://` + reg.Host + `/capi/bootstrap-tiny:v1.0.0"}`, "digest sha256:"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if code, out, _ = runEnv(t, env, append(args, builtTiny(t))...); code != ExitOK || !strings.Contains(out, "0 written") {
		t.Fatalf("rerun: exit %d\n%s", code, out)
	}
	changed := buildTinyWith(t, newImage)
	if code, _, errOut = runEnv(t, env, append(args, changed)...); code != ExitConflict || !strings.Contains(errOut, "bootstrap-components.yaml") {
		t.Fatalf("conflict: exit %d\n%s", code, errOut)
	}
	if code, out, errOut = runEnv(t, env, append(args, changed, "--replace")...); code != ExitOK || !strings.Contains(out, "replaced") {
		t.Fatalf("--replace: exit %d\n%s%s", code, out, errOut)
	}
}

var digestRE = regexp.MustCompile(`digest (sha256:[0-9a-f]{64})`)

func TestPublishOCIIsReproducible(t *testing.T) {
	t.Parallel()
	var digests []string
	for i := 0; i < 2; i++ {
		reg := registry.New(t)
		code, out, errOut := runEnv(t, ociEnv(t), "publish", "oci", "--from", builtTiny(t), "--to", reg.Host+"/capi", "--plain-http")
		if code != ExitOK {
			t.Fatalf("publish: %s", errOut)
		}
		digests = append(digests, digestRE.FindString(out))
	}
	if digests[0] == "" || digests[0] != digests[1] {
		t.Fatalf("two builds of the same input: %q and %q", digests[0], digests[1])
	}
}

func TestPublishOCICredentialsNeverPrinted(t *testing.T) {
	t.Parallel()
	reg := authRegistry(t)
	dist := builtTiny(t)
	docker := t.TempDir()
	auth := base64.StdEncoding.EncodeToString([]byte("robot:" + ociSecret))
	writeText(t, filepath.Join(docker, "config.json"), `{"auths":{"`+reg.Host+`":{"auth":"`+auth+`"}}}`)
	for _, tc := range []struct {
		name string
		env  map[string]string
		code int
	}{
		{"operator variables", ociEnv(t, "OCI_USERNAME", "robot", "OCI_PASSWORD", ociSecret), ExitOK},
		{"docker config", ociEnv(t, "DOCKER_CONFIG", docker), ExitOK},
		{"wrong password", ociEnv(t, "OCI_USERNAME", "robot", "OCI_PASSWORD", ociSecret+"x"), ExitPublish},
		{"access token", ociEnv(t, "OCI_ACCESS_TOKEN", ociSecret), ExitPublish},
	} {
		code, out, errOut := runEnv(t, tc.env, "publish", "oci", "--from", dist, "--to", reg.Host+"/capi", "--plain-http")
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d\n%s%s", tc.name, code, tc.code, out, errOut)
		}
		if strings.Contains(out+errOut, ociSecret) || strings.Contains(out+errOut, auth) {
			t.Errorf("%s: a credential reached the output:\n%s%s", tc.name, out, errOut)
		}
	}
}

func TestPublishOCICheckImages(t *testing.T) {
	t.Parallel()
	reg := registry.New(t)
	dist := tinyImagesAt(t, reg, true)
	args := []string{"publish", "oci", "--from", dist, "--to", reg.Host + "/capi", "--plain-http", "--check-images", "--dry-run"}
	if code, out, errOut := runEnv(t, ociEnv(t), args...); code != ExitOK {
		t.Fatalf("gate with the image present: exit %d\n%s%s", code, out, errOut)
	}
	code, _, errOut := runEnv(t, ociEnv(t), append(args, "--platform", "linux/amd64,linux/s390x")...)
	if code != ExitFindings || !strings.Contains(errOut, "platform linux/s390x missing") || !strings.Contains(errOut, reg.Host+"/team/tiny:v1") {
		t.Fatalf("missing platform: exit %d\n%s", code, errOut)
	}
}

func TestImagesCopyLayoutAndPush(t *testing.T) {
	t.Parallel()
	src, dst := registry.New(t), registry.New(t)
	src.PushImage(t, "team/ctl:v2", registry.Image{Layers: 2, LayerSize: 256, Platforms: []string{"linux/amd64", "linux/arm64"}})
	dir := imagesDir(t, src.Host+"/team/ctl:v2")
	lay := filepath.Join(t.TempDir(), "layout")
	if code, out, errOut := runEnv(t, ociEnv(t), "images", "copy", "--plain-http", "--layout", lay, dir); code != ExitOK {
		t.Fatalf("copy --layout: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := runEnv(t, ociEnv(t), "images", "push", "--plain-http", "--to", dst.Host+"/air/gap", lay)
	if code != ExitOK || !strings.Contains(out, dst.Host+"/air/gap/ctl:v2") {
		t.Fatalf("push: exit %d\n%s%s", code, out, errOut)
	}
	mirrored := imagesDir(t, dst.Host+"/air/gap/ctl:v2")
	if code, out, errOut := runEnv(t, ociEnv(t), "images", "check", "--plain-http", "--platform", "linux/arm64", mirrored); code != ExitOK {
		t.Fatalf("check of the pushed copy: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := runEnv(t, ociEnv(t), "images", "check", "--plain-http", imagesDir(t, src.Host+"/team/ctl:v3", "Not A Ref")); code != ExitFindings ||
		!strings.Contains(errOut, "ctl:v3: not found") || !strings.Contains(errOut, "not a valid reference") {
		t.Fatalf("check of missing images: exit %d\n%s", code, errOut)
	}
}

func TestBuildAndPublishLocalCheckImages(t *testing.T) {
	t.Parallel()
	reg := registry.New(t)
	dir := sampleTree(t, func(f map[string]string) {
		f["config/all.yaml"] = strings.Replace(f["config/all.yaml"], "registry.example.com/tiny:v1", reg.Host+"/team/tiny:v1", 1)
	})
	out := filepath.Join(dir, "dist")
	build := []string{"build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", out, "--check-images", "--plain-http"}
	code, _, errOut := runEnv(t, ociEnv(t), build...)
	if code != ExitFindings || !strings.Contains(errOut, "missing image "+reg.Host+"/team/tiny:v1") {
		t.Fatalf("build with a missing image: exit %d\n%s", code, errOut)
	}
	reg.PushImage(t, "team/tiny:v1", registry.Image{Layers: 1, LayerSize: 32, Platforms: []string{"linux/amd64"}})
	if code, _, errOut := runEnv(t, ociEnv(t), build...); code != ExitOK {
		t.Fatalf("build with the image pushed: exit %d\n%s", code, errOut)
	}
	pub := []string{"publish", "local", "--from", out, "--to", t.TempDir(), "--check-images", "--plain-http", "--platform", "linux/arm64"}
	if code, _, errOut := runEnv(t, ociEnv(t), pub...); code != ExitFindings || !strings.Contains(errOut, "platform linux/arm64 missing") {
		t.Fatalf("publish local with a missing platform: exit %d\n%s", code, errOut)
	}
}

func TestImagesCommandsNeverPrintCredentials(t *testing.T) {
	t.Parallel()
	reg := authRegistry(t)
	dir := imagesDir(t, reg.Host+"/x/a:v1")
	// images check has no registry of its own: it uses the Docker config.
	env := ociEnv(t, "OCI_USERNAME", "robot", "OCI_PASSWORD", "wrong-"+ociSecret,
		"DOCKER_CONFIG", dockerConfigFor(t, reg.Host, "robot", "wrong-"+ociSecret))
	for _, args := range [][]string{
		{"images", "check", "--plain-http", dir},
		{"images", "copy", "--plain-http", "--to", reg.Host + "/m", dir},
		{"images", "push", "--plain-http", "--to", reg.Host + "/m", layoutWith(t)},
		{"verify", "--plain-http", "oci://" + reg.Host + "/capi/bootstrap-tiny"},
	} {
		code, out, errOut := runEnv(t, env, args...)
		if code == ExitOK || !strings.Contains(errOut, "refused the credentials") || strings.Contains(out+errOut, ociSecret) {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
}

func TestImagesCopyProgressOnATerminal(t *testing.T) {
	t.Parallel()
	src := registry.New(t)
	src.PushImage(t, "team/ctl:v1", registry.Image{Layers: 2, LayerSize: 64, Platforms: []string{"linux/amd64"}})
	var out, errOut bytes.Buffer
	env := Env{Getenv: MapEnv(ociEnv(t)), Stdout: &out, Stderr: &errOut, IsTerminal: func(io.Writer) bool { return true }}
	args := []string{"images", "copy", "--plain-http", "--layout", filepath.Join(t.TempDir(), "l"), imagesDir(t, src.Host+"/team/ctl:v1")}
	if code := Run(context.Background(), args, env); code != ExitOK {
		t.Fatalf("exit %d\n%s", code, errOut.String())
	}
	if got := errOut.String(); !strings.Contains(got, "4 blobs: copied: ") || strings.TrimSpace(got[strings.LastIndex(got, "\r"):]) != "" {
		t.Errorf("no status line on the terminal: %q", errOut.String())
	}
}
