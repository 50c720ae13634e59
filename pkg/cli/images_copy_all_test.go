package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// TestImagesCopyReportsEveryFailure: images copy names every image it could not copy,
// copies the others to a registry, and into a new layout folder writes nothing at all
// (no empty layout left behind).
func TestImagesCopyReportsEveryFailure(t *testing.T) {
	t.Parallel()
	src := registry.New(t)
	good := seededImage(t, src)
	dir := imagesDir(t, src.Host+"/x/gone-a:v1", good, src.Host+"/x/gone-b:v1")
	layout := filepath.Join(t.TempDir(), "layout")
	code, _, stderr := runEnv(t, ociEnv(t), "images", "copy", "--plain-http", "--layout", layout, dir)
	if code != ExitPublish {
		t.Fatalf("--layout: exit %d, want 4\n%s", code, stderr)
	}
	for _, want := range []string{"gone-a:v1", "gone-b:v1"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("--layout: stderr does not name %s:\n%s", want, stderr)
		}
	}
	if _, err := os.Stat(layout); !os.IsNotExist(err) {
		t.Errorf("--layout: a failed copy left %s (%v)", layout, err)
	}
	dst := registry.New(t)
	code, out, stderr := runEnv(t, ociEnv(t), "images", "copy", "--plain-http", "--to", dst.Host+"/m", dir)
	if code != ExitPublish || !strings.Contains(stderr, "gone-a:v1") || !strings.Contains(stderr, "gone-b:v1") {
		t.Fatalf("--to: exit %d, want 4 naming both failures\n%s", code, stderr)
	}
	if !strings.Contains(out+stderr, dst.Host+"/m/tiny:v1") {
		t.Errorf("--to: the image that exists was not copied:\n%s\n%s", out, stderr)
	}
}
