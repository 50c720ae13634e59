package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
)

// TestInterruptedBuildLeavesNoTemporaryFiles: a build interrupted while kustomize
// renders returns at once and removes its temporary folder, although the abandoned
// render goroutine runs on.
func TestInterruptedBuildLeavesNoTemporaryFiles(t *testing.T) {
	t.Parallel()
	file := bigtree.Write(t, bigtree.Tree{CRDs: 45})
	// An image override makes the render write an overlay, which the poll below waits for.
	withImage := strings.Replace(readText(t, file), "components: {kustomize: config}",
		"components: {kustomize: config, images: [{name: registry.example.com/big/controller, newTag: v1.0.1}]}", 1)
	if err := os.WriteFile(file, []byte(withImage), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go cancelOnceRendering(ctx, cancel, tmp)
	_, err = Build(ctx, cfg, Options{Version: layout.MustParseVersion("v1.0.0"), Published: []string{}, TempDir: tmp})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the interrupt", err)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Fatalf("an interrupted build left %s in its temporary folder", left[0].Name())
	}
}

// cancelOnceRendering cancels when a render overlay exists below tmp, so the interrupt
// lands while kustomize runs (after 30 s it cancels anyway and the test fails).
func cancelOnceRendering(ctx context.Context, cancel func(), tmp string) {
	defer cancel()
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end) && ctx.Err() == nil; time.Sleep(time.Millisecond) {
		m, _ := filepath.Glob(filepath.Join(tmp, "*", "capirepo-render-*"))
		if len(m) > 0 && !strings.HasSuffix(m[0], "-") {
			return
		}
	}
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
