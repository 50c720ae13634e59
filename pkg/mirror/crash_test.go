//go:build linux || darwin

package mirror

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/testsupport/child"
)

// killer calls step (child.KillStep's, which kills the process at its n-th call)
// before every file it creates, and is called before every other step.
type killer struct{ step func() }

func (k *killer) WriteFile(path string, data []byte) error {
	k.step()
	return fsx.CreateFile(path, data)
}

// crashOptions mirror into root through the real local publisher, in one locked
// transaction; upstream changed (v1.0.0's template, cert-manager) is what --force
// must replace.
func crashOptions(t *testing.T, root string, changed bool, k *killer) (*fixture, Options) {
	f := newFixtureIn(root)
	if changed {
		f.foo.versions["v1.0.0"]["cluster-template.yaml"] = []byte("kind: Cluster # re-released\n")
		f.cert.versions["v1.20.2"]["cert-manager.yaml"] = []byte("kind: Deployment # re-released\n")
	}
	o := f.opts
	o.Dir, o.Force = root, changed
	lo := local.Options{Locked: true, KeepConfig: true}
	if k != nil {
		hook := func(fsx.Op, string) error { k.step(); return nil }
		lo.Writer, lo.Hook, o.Hook = k, hook, hook
	}
	o.Destination = local.New(root, lo)
	o.calls.lock = func(ctx context.Context, dir string) (func(), error) { return fsx.Lock(ctx, dir, 0) }
	return f, o
}

// TestKillMirrorAtEveryStep re-runs this test binary as a mirror (with --force over
// a changed upstream) that kills itself with SIGKILL at step 1, 2, ... of its
// transaction (every file write, rename, exchange and removal), until a run finishes.
// After each kill: no version lost, no partial folder; then a re-run finishes.
func TestKillMirrorAtEveryStep(t *testing.T) {
	if step, ok := child.KillStep(); ok {
		f, o := crashOptions(t, os.Getenv("CAPIREPO_MIRROR_CRASH"), true, &killer{step})
		if _, err := Run(context.Background(), f.jobs("v1.0.0", "v1.0.1"), o); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Parallel()
	steps := 0
	for n := 1; n < 100; n++ {
		root := t.TempDir()
		f, o := crashOptions(t, root, false, nil)
		if _, err := Run(context.Background(), f.jobs("v1.0.0"), o); err != nil {
			t.Fatal(err)
		}
		killed := child.Killed(t, "TestKillMirrorAtEveryStep", n, "CAPIREPO_MIRROR_CRASH="+root)
		checkWhole(t, root, fmt.Sprintf("after a kill at step %d", n))
		f, o = crashOptions(t, root, true, nil)
		if _, err := Run(context.Background(), f.jobs("v1.0.0", "v1.0.1"), o); err != nil {
			t.Fatalf("step %d: re-run: %v", n, err)
		}
		checkFinished(t, root, n)
		if !killed {
			steps = n - 1
			break
		}
	}
	t.Logf("killed at each of the %d steps of the transaction, then re-ran", steps)
	if steps < 10 {
		t.Errorf("the transaction had %d steps; the hooks are not reached", steps)
	}
}

// checkWhole: v1.0.0 and cert-manager are there, every version folder is whole (its
// files are exactly those of its sha256 file, with those sums), the files beside
// the tree parse.
func checkWhole(t *testing.T, root, when string) {
	t.Helper()
	for _, dir := range []string{"infrastructure-foo/v1.0.0", CertManager + "/v1.20.2"} {
		if _, err := os.Stat(filepath.Join(root, dir)); err != nil {
			t.Fatalf("%s: %s lost: %v", when, dir, err)
		}
	}
	for _, dir := range []string{"infrastructure-foo/v1.0.0", "infrastructure-foo/v1.0.1", CertManager + "/v1.20.2"} {
		if err := whole(filepath.Join(root, dir)); err != nil {
			t.Errorf("%s: %v", when, err)
		}
	}
	if _, err := clusterctlcfg.Load(filepath.Join(root, clusterctlcfg.File)); err != nil {
		t.Errorf("%s: %v", when, err)
	}
	if _, err := readManifest(root); err != nil {
		t.Errorf("%s: %v", when, err)
	}
}

// whole checks a version folder against its sha256 file; a missing folder is whole.
func whole(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	sums, err := os.Open(filepath.Join(dir, localrepo.ChecksumFile))
	if err != nil {
		return fmt.Errorf("%s is partial: %w", dir, err)
	}
	defer sums.Close()
	listed := 0
	for sc := bufio.NewScanner(sums); sc.Scan(); listed++ {
		want, name, _ := strings.Cut(sc.Text(), "  ")
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || sum(data) != want {
			return fmt.Errorf("%s is partial: %s does not match its checksum (%v)", dir, name, err)
		}
	}
	if listed != len(entries)-1 {
		return fmt.Errorf("%s holds %d files, its sha256 file lists %d", dir, len(entries)-1, listed)
	}
	return nil
}

// checkFinished: the re-run left the changed upstream in place, both versions,
// pinned providers, and no staging leftovers.
func checkFinished(t *testing.T, root string, n int) {
	t.Helper()
	checkWhole(t, root, fmt.Sprintf("after the re-run of step %d", n))
	for path, want := range map[string]string{
		"infrastructure-foo/v1.0.0/cluster-template.yaml": "re-released",
		CertManager + "/v1.20.2/cert-manager.yaml":        "re-released",
		"infrastructure-foo/v1.0.1/metadata.yaml":         "releaseSeries",
		clusterctlcfg.File:                                "/infrastructure-foo/v1.0.1/",
	} {
		if data, err := os.ReadFile(filepath.Join(root, path)); err != nil || !strings.Contains(string(data), want) {
			t.Errorf("step %d: after the re-run %s lacks %q (%v)", n, path, want, err)
		}
	}
	var m Manifest
	data, _ := os.ReadFile(filepath.Join(root, ManifestFile))
	if json.Unmarshal(data, &m) != nil || len(m.Releases) != 2 {
		t.Errorf("step %d: mirror.json after the re-run: %s", n, data)
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && fsx.IsStaged(d.Name()) {
			t.Errorf("step %d: leftover %s after the re-run", n, path)
		}
		return nil
	})
}
