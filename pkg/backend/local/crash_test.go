package local

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
)

// publishCrashing runs Publish with a writer that panics after n files: the panic
// skips every cleanup, like kill -9 would (the lock is released, as the kernel does).
func publishCrashing(t *testing.T, root string, n int32) {
	t.Helper()
	defer func() {
		if r := recover(); r == nil {
			t.Fatal("Publish did not reach the simulated crash")
		}
	}()
	publish.Publish(t.Context(), set(foo("v1.1.0", "cluster-template.yaml", "kind: Cluster\n")), New(root, Options{Writer: &failWriter{n: n, panic: true}}), publish.Policy{})
}

func TestCrashLeavesNoPartialVersion(t *testing.T) {
	t.Parallel()
	for _, n := range []int32{0, 1, 2, 3} {
		t.Run(fmt.Sprintf("%d files written", n), func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			mustPublish(t, New(root, Options{}), set(foo("v1.0.0")))
			publishCrashing(t, root, n)

			label := filepath.Join(root, "infrastructure-foo")
			if _, err := os.Stat(filepath.Join(label, "v1.1.0")); !os.IsNotExist(err) {
				t.Fatalf("v1.1.0 exists after a crash mid-staging: %v", err)
			}
			versions, err := localrepo.Versions(root, "infrastructure-foo")
			if err != nil || strings.Join(versions, ",") != "v1.0.0" {
				t.Errorf("clusterctl sees %v, %v; want only v1.0.0", versions, err)
			}
			if left := leftovers(t, label); len(left) != 1 {
				t.Errorf("staged leftovers = %v, want the crashed staging folder", left)
			}

			mustPublish(t, New(root, Options{}), set(foo("v1.1.0", "cluster-template.yaml", "kind: Cluster\n")))
			if left := leftovers(t, label); len(left) != 0 {
				t.Errorf("rerun left %v behind", left)
			}
			if got := readFile(t, filepath.Join(label, "v1.1.0", "cluster-template.yaml")); got != "kind: Cluster\n" {
				t.Errorf("rerun wrote %q", got)
			}
		})
	}
}

func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if isStaged(e.Name()) {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestLeftoversOfOtherToolsStay shows that a run removes only capirepo's own staging
// names: another process's in-flight temporary files (mirror's ".*.tmp-*") stay.
func TestLeftoversOfOtherToolsStay(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	mustPublish(t, New(root, Options{}), set(foo("v1.0.0")))
	others := []string{".clusterctl.yaml.tmp-123", "infrastructure-foo/.v1.0.0.tmp-456", "infrastructure-foo/.images.txt.tmp-789"}
	for _, p := range others {
		if err := os.WriteFile(filepath.Join(root, p), []byte("in flight"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mustPublish(t, New(root, Options{}), set(foo("v1.1.0")))
	for _, p := range others {
		if got := readFile(t, filepath.Join(root, p)); got != "in flight" {
			t.Errorf("%s = %q, want another tool's file left alone", p, got)
		}
	}
}

// isStaged reports whether a folder entry is capirepo's staging.
func isStaged(name string) bool { return (&fsx.FS{Mark: mark}).IsStaged(name) }
