package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

func TestMirrorImagesAndOperatorArtifacts(t *testing.T) {
	t.Parallel()
	src, dst := registry.New(t), registry.New(t)
	digest := src.PushImage(t, "team/tiny:v1", registry.Image{Layers: 2, LayerSize: 512, Platforms: []string{"linux/amd64", "linux/arm64"}})
	root := localRepo(t, func(f map[string]string) {
		f["config/all.yaml"] = strings.Replace(f["config/all.yaml"], "registry.example.com/tiny:v1", src.Host+"/team/tiny:v1", 1)
	})
	out, lay := t.TempDir(), filepath.Join(t.TempDir(), "layout")
	args := append(mirrorArgs(out, mirrorFrom(t, root)), "--plain-http", "--images-to", dst.Host+"/mirror", "--images-layout", lay, "--to-oci", dst.Host+"/capi")
	code, stdout, stderr := runEnv(t, ociEnv(t), args...)
	if code != ExitOK {
		t.Fatalf("mirror: exit %d\n%s%s", code, stdout, stderr)
	}
	txt, _ := os.ReadFile(filepath.Join(out, "images.txt"))
	if want := src.Host + "/team/tiny:v1@" + digest + "\n"; string(txt) != want {
		t.Errorf("images.txt = %q, want %q", txt, want)
	}
	cfg, _ := os.ReadFile(filepath.Join(out, "clusterctl.yaml"))
	if !strings.Contains(string(cfg), "repository: "+dst.Host+"/mirror") {
		t.Errorf("clusterctl.yaml images: does not point at the mirror registry:\n%s", cfg)
	}
	check := imagesDir(t, dst.Host+"/mirror/tiny:v1")
	if code, _, stderr := runEnv(t, ociEnv(t), "images", "check", "--plain-http", "--platform", "linux/arm64", check); code != ExitOK {
		t.Errorf("mirrored image: %s", stderr)
	}
	if _, err := os.Stat(filepath.Join(lay, "index.json")); err != nil {
		t.Errorf("no layout folder: %v", err)
	}
	if code, stdout, stderr := runEnv(t, ociEnv(t), "verify", "--plain-http", "oci://"+dst.Host+"/capi/bootstrap-tiny"); code != ExitOK {
		t.Errorf("verify of --to-oci: exit %d\n%s%s", code, stdout, stderr)
	}
	uploads := dst.TotalUploads()
	if code, _, stderr := runEnv(t, ociEnv(t), args...); code != ExitOK || dst.TotalUploads() != uploads {
		t.Errorf("re-run: exit %d, %d blobs uploaded again\n%s", code, dst.TotalUploads()-uploads, stderr)
	}
}
