package publish_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/memdest"
)

// destinations are the entries of the conformance suite. The in-memory destination
// is the reference: a scenario it fails is wrong, not the other destinations.
var destinations = []entry{
	{"memory", startMemory},
	{"local", startLocal},
	{"github", startGitHub},
	{"gitlab", startGitLab},
	{"oci", startOCI},
	{"oci-resign", startOCIResign},
	{"configmaps", startConfigMaps},
}

func startMemory(t *testing.T) *target {
	d := memdest.New("conformance")
	var hook hook
	d.BeforeWrite = hook.call
	return &target{
		dest: d,
		held: func(*testing.T) map[string]string { return d.Held() },
		// The run is cut after its first file write.
		interrupt: func(t *testing.T, cancel context.CancelFunc) func() { return hook.cutAfter(t, 2, cancel) },
		// A dead run's half version, then a write that fails once.
		fault: func(*testing.T) {
			d.Leave("bootstrap-tiny", "v1.0.0", map[string][]byte{"bootstrap-components.yaml": []byte("half")})
			hook.failOnce(2)
		},
	}
}

func startLocal(t *testing.T) *target {
	root := filepath.Join(t.TempDir(), "repo")
	var hook hook
	d := local.New(root, local.Options{Hook: func(op fsx.Op, path string) error {
		if op == fsx.OpWrite {
			_ = hook.call(string(op) + " " + path)
		}
		return nil
	}})
	return &target{
		dest: d,
		held: func(t *testing.T) map[string]string { return localHeld(t, root) },
		// The run is cut right after its first file is staged (the kill tests in
		// pkg/backend/local stop it at every other step).
		interrupt: func(t *testing.T, cancel context.CancelFunc) func() { return hook.cutAfter(t, 2, cancel) },
		// What a killed run leaves: a half-staged version and a staged clusterctl.yaml.
		fault: func(t *testing.T) {
			dead := filepath.Join(root, "bootstrap-tiny", ".v1.0.0.capirepo-tmp-dead")
			writeFile(t, filepath.Join(dead, "metadata.yaml"), "half")
			writeFile(t, filepath.Join(root, ".clusterctl.yaml.capirepo-tmp-dead"), "x")
		},
	}
}

// localHeld reads ROOT/bootstrap-tiny/<version>/<file> (the checksum file aside)
// and reports any staging leftover in the tree.
func localHeld(t *testing.T, root string) map[string]string {
	out := map[string]string{}
	for _, dir := range []string{root, filepath.Join(root, "bootstrap-tiny")} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".capirepo-") {
				out["leftover "+e.Name()] = ""
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(root, "bootstrap-tiny", "v*", "*"))
	for _, f := range files {
		if filepath.Base(f) == localrepo.ChecksumFile {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f)] = release.SHA256(data)
	}
	return out
}

// hook is a write hook a scenario arms: cut the run (cancel its context) or fail
// one write. Safe from the run's goroutines.
type hook struct {
	mu     sync.Mutex
	n      int  // writes seen since armed
	at     int  // act at this write (0: never)
	fail   bool // fail the write instead of cutting the run
	cancel context.CancelFunc
}

func (h *hook) call(string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n++; h.n != h.at {
		return nil
	}
	if h.fail {
		return errors.New("injected write fault")
	}
	h.cancel()
	return nil
}

// cutAfter cancels the run at its n-th write; the returned func disarms it and
// fails the test if the run never got there.
func (h *hook) cutAfter(t *testing.T, n int, cancel context.CancelFunc) func() {
	h.arm(n, false, cancel)
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.n < n {
			t.Errorf("the run made %d writes: the interrupt did not cut in mid-run", h.n)
		}
		h.at = 0
	}
}

func (h *hook) failOnce(n int) { h.arm(n, true, nil) }

func (h *hook) arm(n int, fail bool, cancel context.CancelFunc) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.n, h.at, h.fail, h.cancel = 0, n, fail, cancel
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
