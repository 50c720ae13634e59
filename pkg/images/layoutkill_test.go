//go:build linux || darwin

package images

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/child"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// seededImages serves two images whose bytes are the same in every process.
func seededImages(t *testing.T) (*registry.Server, []string) {
	src := registry.New(t)
	src.PushRawImage(t, "team/a:v1", 2, 256, 1)
	src.PushRawImage(t, "team/b:v1", 2, 256, 2)
	return src, []string{src.Host + "/team/a:v1", src.Host + "/team/b:v1"}
}

// layoutKillChild runs in the re-executed test binary: it copies the images into dir
// and calls step (which kills it at its n-th call) at each request the source
// registry gets.
func layoutKillChild(t *testing.T, dir string, step func()) {
	src, imgs := seededImages(t)
	src.AddFault(&registry.Fault{Match: func(*http.Request) bool {
		step()
		return false
	}})
	if _, err := (&Copier{Remote: plain}).ToLayout(context.Background(), imgs, dir); err != nil {
		t.Fatal(err)
	}
}

// TestKillLayoutCopyAtEveryRequest kills images copy --layout at each request it
// makes and shows after each: index.json is whole (or absent), and the next run
// removes what the dead one left and gives a clean run's folder, byte for byte.
func TestKillLayoutCopyAtEveryRequest(t *testing.T) {
	if step, ok := child.KillStep(); ok {
		layoutKillChild(t, os.Getenv("CAPIREPO_LAYOUT_KILL_DIR"), step)
		return
	}
	_, imgs := seededImages(t)
	clean := filepath.Join(t.TempDir(), "layout")
	toLayout(t, imgs, clean)
	want := layoutTree(t, clean)
	leftStaging := false
	for n := 1; ; n++ {
		dir := filepath.Join(t.TempDir(), "layout")
		if !child.Killed(t, "TestKillLayoutCopyAtEveryRequest", n, "CAPIREPO_LAYOUT_KILL_DIR="+dir) {
			if n < 4 {
				t.Fatalf("the copy finished after %d requests; the hook is not reached", n-1)
			}
			t.Logf("killed at each of the %d requests of the copy, then re-ran", n-1)
			break
		}
		if _, err := sortedIndex(filepath.Join(dir, "index.json")); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Errorf("request %d: index.json is not whole: %v", n, err)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			leftStaging = leftStaging || strings.Contains(e.Name(), ".capirepo-tmp-")
		}
		toLayout(t, imgs, dir)
		got := layoutTree(t, dir)
		for p := range mergeKeys(got, want) {
			if got[p] != want[p] {
				t.Errorf("request %d: after the re-run %s differs from a clean run's", n, p)
			}
		}
	}
	if !leftStaging {
		t.Error("no kill left a staged root: the test does not reach a dead run's leftovers")
	}
}

func mergeKeys(a, b map[string]string) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
