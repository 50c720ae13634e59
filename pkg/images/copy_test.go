package images

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

func TestCopyMultiArchBetweenRegistries(t *testing.T) {
	src, dst := registry.New(t), registry.New(t)
	want := src.PushImage(t, "team/controller:v1.0.0", multiArch)
	c := &Copier{Remote: plain, Concurrency: 4}
	image := src.Host + "/team/controller:v1.0.0"
	got, err := c.ToRegistry(context.Background(), []string{image}, target(t, dst.Host+"/mirror"))
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Dest != dst.Host+"/mirror/controller:v1.0.0" || got[0].Digest != want {
		t.Fatalf("copied = %+v, want %s/mirror/controller:v1.0.0 at %s", got[0], dst.Host, want)
	}
	res := Check(context.Background(), []string{got[0].Dest}, CheckOptions{Remote: plain, Platforms: multiArch.Platforms})
	if res[0].Problem != "" || res[0].Digest != want {
		t.Fatalf("mirror copy: %+v", res[0])
	}
	uploads := dst.TotalUploads()
	if _, err := c.ToRegistry(context.Background(), []string{image}, target(t, dst.Host+"/mirror")); err != nil {
		t.Fatal(err)
	}
	if dst.TotalUploads() != uploads {
		t.Errorf("second copy uploaded %d blobs, want 0", dst.TotalUploads()-uploads)
	}
}

func TestCopyThroughLayoutFolder(t *testing.T) {
	src, dst := registry.New(t), registry.New(t)
	want := src.PushImage(t, "team/controller:v1.0.0", multiArch)
	dir := filepath.Join(t.TempDir(), "images")
	c := &Copier{Remote: plain}
	if _, err := c.ToLayout(context.Background(), []string{src.Host + "/team/controller:v1.0.0"}, dir); err != nil {
		t.Fatal(err)
	}
	got, err := c.PushLayout(context.Background(), dir, target(t, dst.Host+"/airgap/capi"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Dest != dst.Host+"/airgap/capi/controller:v1.0.0" || got[0].Digest != want {
		t.Fatalf("pushed = %+v, want controller:v1.0.0 at %s", got, want)
	}
	res := Check(context.Background(), []string{got[0].Dest}, CheckOptions{Remote: plain, Platforms: []string{"linux/arm64"}})
	if res[0].Problem != "" {
		t.Fatal(res[0].Problem)
	}
}

func TestInterruptedCopyResumes(t *testing.T) {
	src, dst := registry.New(t), registry.New(t)
	src.PushImage(t, "team/controller:v1.0.0", multiArch)
	// The tag push fails every time in the first run: every blob lands, the copy fails.
	dst.AddFault(&registry.Fault{Status: http.StatusServiceUnavailable, Times: 3, Match: func(r *http.Request) bool {
		return r.Method == http.MethodPut && strings.HasSuffix(r.URL.Path, "/manifests/v1.0.0")
	}})
	c := &Copier{Remote: plain, Concurrency: 2}
	image := []string{src.Host + "/team/controller:v1.0.0"}
	if _, err := c.ToRegistry(context.Background(), image, target(t, dst.Host+"/m")); err == nil {
		t.Fatal("first copy succeeded despite the failing registry")
	}
	before := dst.TotalUploads()
	if before == 0 {
		t.Fatal("nothing was uploaded before the interruption")
	}
	if _, err := c.ToRegistry(context.Background(), image, target(t, dst.Host+"/m")); err != nil {
		t.Fatal(err)
	}
	for d, n := range dst.UploadCounts() {
		if n != 1 {
			t.Errorf("blob %s uploaded %d times", d, n)
		}
	}
	if dst.TotalUploads() != before {
		t.Errorf("the resumed copy uploaded %d blobs again", dst.TotalUploads()-before)
	}
}

func TestCopyInterruptedMidBlobsResumes(t *testing.T) {
	src, dst := registry.New(t), registry.New(t)
	src.PushRawImage(t, "team/big:v1", 12, 4096, 7)
	// In the first run every blob upload after the third fails through every retry: the
	// copy stops with some blobs landed and others not.
	n, failing := 0, true
	dst.AddFault(&registry.Fault{Status: http.StatusInternalServerError, Match: func(r *http.Request) bool {
		if !failing || r.Method != http.MethodPut || !strings.Contains(r.URL.Path, "/blobs/uploads/") {
			return false
		}
		n++
		return n >= 4
	}})
	c := &Copier{Remote: plain, Concurrency: 1}
	image := []string{src.Host + "/team/big:v1"}
	if _, err := c.ToRegistry(context.Background(), image, target(t, dst.Host+"/m")); err == nil {
		t.Fatal("first copy succeeded despite the failing blob upload")
	}
	failing = false
	landed := dst.TotalUploads()
	if landed == 0 || landed >= 13 {
		t.Fatalf("%d blobs landed before the failure, want some but not all", landed)
	}
	if _, err := c.ToRegistry(context.Background(), image, target(t, dst.Host+"/m")); err != nil {
		t.Fatal(err)
	}
	for d, k := range dst.UploadCounts() {
		if k != 1 {
			t.Errorf("blob %s uploaded %d times", d, k)
		}
	}
	if got := dst.TotalUploads(); got != 13 { // 12 layers and the config
		t.Errorf("%d blobs uploaded in all, want 13", got)
	}
}

func TestDigestOnlyImageThroughLayout(t *testing.T) {
	src, dst := registry.New(t), registry.New(t)
	d := src.PushImage(t, "team/pinned:v1", registry.Image{Layers: 1, LayerSize: 64, Platforms: []string{"linux/amd64", "linux/arm64"}})
	dir := filepath.Join(t.TempDir(), "layout")
	c := &Copier{Remote: plain}
	if _, err := c.ToLayout(context.Background(), []string{src.Host + "/team/pinned@" + d}, dir); err != nil {
		t.Fatal(err)
	}
	got, err := c.PushLayout(context.Background(), dir, target(t, dst.Host+"/m"))
	if err != nil {
		t.Fatal(err)
	}
	if want := dst.Host + "/m/pinned@" + d; len(got) != 1 || got[0].Dest != want || got[0].Digest != d {
		t.Fatalf("pushed %+v, want %s", got, want)
	}
	if res := Check(context.Background(), []string{got[0].Dest}, CheckOptions{Remote: plain}); res[0].Problem != "" {
		t.Fatal(res[0].Problem)
	}
}
