//go:build linux || darwin

package local

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/child"
)

// The crash scenarios: what is published first, then what the killed run publishes.
func killScenario(force bool) (before, after *release.Set) {
	before = set(foo("v1.0.0"), foo("v1.1.0", "a.yaml", "old\n"))
	after = set(foo("v1.1.0", "a.yaml", "old\n"), foo("v1.2.0", "b.yaml", "new\n"))
	if force {
		after = set(foo("v1.1.0", "a.yaml", "new\n"), foo("v1.2.0", "b.yaml", "new\n"))
	}
	return before, after
}

// killChild runs in the re-executed test binary: it publishes the scenario and
// calls step (which kills it at its n-th call) before each write, rename, exchange
// or removal.
func killChild(t *testing.T, root string, step func(), force, noExchange bool) {
	_, after := killScenario(force)
	p := New(root, Options{Hook: func(fsx.Op, string) error { step(); return nil }})
	p.noExchange = noExchange
	if _, err := publish.Publish(t.Context(), after, p, publish.Policy{Replace: force}); err != nil {
		t.Fatal(err)
	}
}

// TestKillAtEveryStep kills `publish` (with and without Force, with the atomic
// exchange and with the set-aside fallback) before each of its writes, renames and
// removals, and shows after each: every version is there whole (old or new
// content), none is partial, and a re-run finishes with nothing left over.
func TestKillAtEveryStep(t *testing.T) {
	if step, ok := child.KillStep(); ok {
		killChild(t, os.Getenv("CAPIREPO_KILL_ROOT"), step, os.Getenv("CAPIREPO_KILL_FORCE") == "1", os.Getenv("CAPIREPO_KILL_NOEXCHANGE") == "1")
		return
	}
	t.Parallel()
	for _, c := range []struct{ force, noExchange bool }{{false, false}, {true, false}, {true, true}} {
		t.Run(fmt.Sprintf("force=%v,noExchange=%v", c.force, c.noExchange), func(t *testing.T) {
			t.Parallel()
			for n := 1; ; n++ {
				if !killAt(t, n, c.force, c.noExchange) {
					if n < 5 {
						t.Fatalf("the run finished after %d steps; the hook is not reached", n-1)
					}
					return
				}
			}
		})
	}
}

// killAt kills the publisher at step n and checks the tree; false when the run
// finished before step n.
func killAt(t *testing.T, n int, force, noExchange bool) bool {
	t.Helper()
	root := t.TempDir()
	before, after := killScenario(force)
	mustPublish(t, New(root, Options{}), before)
	if !child.Killed(t, "TestKillAtEveryStep", n, "CAPIREPO_KILL_ROOT="+root,
		"CAPIREPO_KILL_FORCE="+flag(force), "CAPIREPO_KILL_NOEXCHANGE="+flag(noExchange)) {
		return false
	}
	checkWhole(t, root, n, before, after)
	mustPublish(t, New(root, Options{}), after, publish.Policy{Replace: force})
	checkWhole(t, root, n, before, after)
	for _, r := range after.Releases {
		if !holds(t, filepath.Join(root, r.Label(), r.Version.String()), r) {
			t.Errorf("step %d: after the re-run %s does not hold the new release", n, r)
		}
	}
	for _, dir := range []string{root, filepath.Join(root, "infrastructure-foo")} {
		if left := leftovers(t, dir); len(left) != 0 {
			t.Errorf("step %d: the re-run left %v in %s", n, left, dir)
		}
	}
	return true
}

// checkWhole checks that every version clusterctl lists holds exactly the files of
// the old or the new release, and that no version of old is missing.
func checkWhole(t *testing.T, root string, n int, old, new *release.Set) {
	t.Helper()
	versions, err := localrepo.Versions(root, "infrastructure-foo")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, v := range versions {
		listed[v] = true
		dir := filepath.Join(root, "infrastructure-foo", v)
		if !holds(t, dir, find(old, v)) && !holds(t, dir, find(new, v)) {
			t.Errorf("step %d: %s is partial or mixed: %v", n, v, treeHash(t, dir))
		}
	}
	for _, r := range old.Releases {
		if !listed[r.Version.String()] && !setAsideWhole(t, root, r) {
			t.Errorf("step %d: %s was lost (listed: %v)", n, r.Version, versions)
		}
	}
}

// setAsideWhole reports whether r's folder is set aside whole, for the next run to
// restore (the fallback where the system cannot exchange).
func setAsideWhole(t *testing.T, root string, r *release.Release) bool {
	old, _ := filepath.Glob(filepath.Join(root, r.Label(), "."+r.Version.String()+oldMark+"*"))
	return len(old) == 1 && holds(t, old[0], r)
}

func find(s *release.Set, version string) *release.Release {
	for _, r := range s.Releases {
		if r.Version.String() == version {
			return r
		}
	}
	return nil
}

// holds reports whether dir has exactly r's files and checksum file.
func holds(t *testing.T, dir string, r *release.Release) bool {
	if r == nil {
		return false
	}
	got := treeHash(t, dir)
	if len(got) != len(r.Files)+2 { // "." and the checksum file
		return false
	}
	for _, f := range r.Files {
		if got[f.Name] != "file "+f.SHA256() {
			return false
		}
	}
	return true
}

func flag(b bool) string {
	if b {
		return "1"
	}
	return "0"
}
