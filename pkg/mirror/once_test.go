//go:build linux || darwin

package mirror

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
)

// TestTransactionWritesEachFileOnce: a run (with an extra step, as --images-to adds)
// puts clusterctl.yaml, images.txt and mirror.json in place once each; the local
// publisher leaves clusterctl.yaml to mirror.
func TestTransactionWritesEachFileOnce(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	f, o := crashOptions(t, root, false, nil)
	var mu sync.Mutex
	renames := map[string]int{}
	count := func(op fsx.Op, path string) error {
		mu.Lock()
		defer mu.Unlock()
		if op == fsx.OpRename {
			renames[filepath.Base(path)]++
		}
		return nil
	}
	o.Hook = count
	o.Destination = local.New(root, local.Options{Locked: true, KeepConfig: true, Hook: count})
	o.Steps = []Step{{Name: "digests", Run: func(_ context.Context, tx *Tx) error {
		tx.Digests = map[string]string{tx.Images[0]: "sha256:0123"}
		return nil
	}}}
	if _, err := Run(context.Background(), f.jobs("v1.0.0"), o); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{clusterctlcfg.File, ImagesFile, ManifestFile} {
		if renames[name] != 1 {
			t.Errorf("%s put in place %d times, want once (%v)", name, renames[name], renames)
		}
	}
	if images := readFile(t, filepath.Join(root, ImagesFile)); !strings.Contains(images, "@sha256:0123\n") {
		t.Errorf("images.txt does not pin the digest the step recorded:\n%s", images)
	}
}
