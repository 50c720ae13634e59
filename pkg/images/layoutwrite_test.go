package images

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// layoutTree maps every path under dir to its content ("dir" for a folder).
func layoutTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() {
			out[rel] = "dir"
			return nil
		}
		data, err := os.ReadFile(path)
		out[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func threeImages(t *testing.T) []string {
	src := registry.New(t)
	var imgs []string
	for _, n := range []string{"team/a:v1", "team/b:v1", "team/c:v1"} {
		src.PushImage(t, n, registry.Image{Layers: 1, LayerSize: 64, Platforms: []string{"linux/amd64"}})
		imgs = append(imgs, src.Host+"/"+n)
	}
	return imgs
}

func toLayout(t *testing.T, imgs []string, dir string) {
	t.Helper()
	if _, err := (&Copier{Remote: plain}).ToLayout(context.Background(), imgs, dir); err != nil {
		t.Fatal(err)
	}
}

// A run after a dead one (its staged root, a cut index in it, oras's ingest files of
// older versions) removes what it left and gives the folder of a clean run, byte for
// byte, whatever the order of the images.
func TestLayoutRemovesDeadRunsStaging(t *testing.T) {
	imgs := threeImages(t)
	clean := filepath.Join(t.TempDir(), "layout")
	toLayout(t, imgs, clean)
	dir := filepath.Join(t.TempDir(), "layout")
	toLayout(t, imgs[:1], dir)
	planted := map[string]string{
		".index.json.capirepo-tmp-abcdefghij/index.json":    `{"schemaVersion":2,"manif`,
		".index.json.capirepo-tmp-abcdefghij/ingest/x_1234": "half",
		"ingest/x_5678": "half",
	}
	for rel, body := range planted {
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reversed := slices.Clone(imgs)
	slices.Reverse(reversed)
	toLayout(t, reversed, dir)
	got, want := layoutTree(t, dir), layoutTree(t, clean)
	for _, p := range slices.Sorted(maps.Keys(want)) {
		if got[p] != want[p] {
			t.Errorf("%s differs from a clean run's", p)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[p]; !ok {
			t.Errorf("%s is left, a clean run has none", p)
		}
	}
}

// A second writer of the folder waits for the first; given up, it has written nothing.
func TestLayoutSecondWriterWaitsForTheLock(t *testing.T) {
	imgs := threeImages(t)
	dir := filepath.Join(t.TempDir(), "layout")
	unlock, err := fsx.Lock(context.Background(), dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the holder never lets go within this run's bound
	_, err = (&Copier{Remote: plain}).ToLayout(ctx, imgs, dir)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), fsx.LockFile) {
		t.Errorf("a copy while locked = %v, want a context error naming %s", err, fsx.LockFile)
	}
	if got := layoutTree(t, dir); len(got) != 1 {
		t.Errorf("the waiting copy wrote %v", slices.Sorted(maps.Keys(got)))
	}
	done := make(chan error, 1)
	go func() {
		_, err := (&Copier{Remote: plain}).ToLayout(context.Background(), imgs, dir)
		done <- err
	}()
	unlock()
	if err := <-done; err != nil {
		t.Errorf("a copy after the holder unlocked: %v", err)
	}
}
