package images

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// Two different images that the mirror names alike (same last path element and tag)
// are refused before anything is copied: the second would overwrite the first, and
// clusterctl's images: override would send both providers to one of them.
func TestCopyRefusesImagesMirroredUnderOneName(t *testing.T) {
	a, b, dst := registry.New(t), registry.New(t), registry.New(t)
	a.PushImage(t, "team-a/manager:v1", registry.Image{Layers: 1, LayerSize: 64, Platforms: []string{"linux/amd64"}})
	b.PushImage(t, "team-b/manager:v1", registry.Image{Layers: 1, LayerSize: 64, Platforms: []string{"linux/amd64"}})
	imgs := []string{a.Host + "/team-a/manager:v1", b.Host + "/team-b/manager:v1", a.Host + "/team-a/manager:v1"}
	c := &Copier{Remote: plain}
	_, err := c.ToRegistry(context.Background(), imgs, target(t, dst.Host+"/mirror"))
	var ce *ClashError
	if err == nil || !errors.As(err, &ce) || !strings.Contains(err.Error(), "manager:v1") {
		t.Fatalf("err = %v; want a refusal naming both images", err)
	}
	if dst.TotalUploads() != 0 {
		t.Fatalf("%d blobs copied before the refusal", dst.TotalUploads())
	}
	if _, err := c.ToLayout(context.Background(), imgs, filepath.Join(t.TempDir(), "l")); err == nil {
		t.Fatal("layout: no refusal")
	}
	if _, err := c.ToRegistry(context.Background(), imgs[:1], target(t, dst.Host+"/mirror")); err != nil {
		t.Fatalf("one image: %v", err)
	}
}
