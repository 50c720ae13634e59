package mirror

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/lint"
)

// movedMirror mirrors foo v1.0.0 and cert-manager into a folder (clusterctl.yaml
// also holding a comment, a GitHub entry and a ${VAR} entry), then moves it: it
// returns the old and the new place.
func movedMirror(t *testing.T) (from, to string) {
	t.Helper()
	f := newFixture(t)
	writeFile(t, filepath.Join(f.dir, clusterctlcfg.File), "# kept\nproviders:\n"+
		"- {name: gh, type: BootstrapProvider, url: https://github.com/acme/gh/releases/latest/bootstrap-components.yaml}\n"+
		"- {name: env, type: BootstrapProvider, url: \"${REPO}/bootstrap-env/v1.0.0/bootstrap-components.yaml\"}\n")
	if _, err := Run(context.Background(), f.jobs("v1.0.0"), f.opts); err != nil {
		t.Fatal(err)
	}
	to = filepath.Join(t.TempDir(), "moved")
	if err := os.Rename(f.dir, to); err != nil {
		t.Fatal(err)
	}
	return f.dir, to
}

// TestRelinkPointsTheMovedMirrorHere: foo's and cert-manager's URLs get the new base
// (their label, version and file kept), the GitHub entry, the ${VAR} entry, the
// images: key and the comment stay; the result is checked as verify reads it.
func TestRelinkPointsTheMovedMirrorHere(t *testing.T) {
	t.Parallel()
	from, to := movedMirror(t)
	before := readFile(t, filepath.Join(to, clusterctlcfg.File))
	rep, err := Relink(context.Background(), to, RelinkOptions{Getenv: func(string) string { return to }})
	if err != nil {
		t.Fatal(err)
	}
	after := readFile(t, filepath.Join(to, clusterctlcfg.File))
	want := strings.ReplaceAll(before, "file://"+filepath.ToSlash(from)+"/", "file://"+filepath.ToSlash(to)+"/")
	if after != want || len(rep.Moved) != 2 || rep.Moved[0].Label != "infrastructure-foo" || rep.Moved[1].Label != CertManager {
		t.Errorf("moved %+v\nclusterctl.yaml:\n%s\nwant:\n%s", rep.Moved, after, want)
	}
	if len(rep.Kept) != 1 || rep.Kept[0].Label != "bootstrap-env" || !strings.Contains(rep.Kept[0].Why, "${VARIABLE}") {
		t.Errorf("kept %+v; want the ${VAR} entry", rep.Kept)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Rule != "repo-config-url" || !strings.Contains(rep.Findings[0].Message, "bootstrap-env/v1.0.0/metadata.yaml") {
		t.Errorf("findings %v; want one: ${REPO}/bootstrap-env has no files here", rep.Findings)
	}
	again, err := Relink(context.Background(), to, RelinkOptions{})
	if err != nil || len(again.Moved) != 0 || readFile(t, filepath.Join(to, clusterctlcfg.File)) != after {
		t.Errorf("second relink moved %v (%v) or changed the file", again.Moved, err)
	}
}

// TestRelinkRefusesAFolderWithoutConfig: a missing folder, or one with no
// clusterctl.yaml, is ErrNotRelinkable, and nothing is created.
func TestRelinkRefusesAFolderWithoutConfig(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "missing")
	for _, dir := range []string{missing, t.TempDir()} {
		if _, err := Relink(context.Background(), dir, RelinkOptions{}); !errors.Is(err, ErrNotRelinkable) || !strings.Contains(err.Error(), "has no clusterctl.yaml") {
			t.Errorf("%s: %v; want ErrNotRelinkable naming clusterctl.yaml", dir, err)
		}
	}
	if exists(missing) {
		t.Errorf("relink created %s", missing)
	}
}

// TestRelinkWritesUnderTheLock: the write happens while the folder's lock is held
// (another run cannot take it), after what a killed run staged was removed.
func TestRelinkWritesUnderTheLock(t *testing.T) {
	t.Parallel()
	_, to := movedMirror(t)
	leftover := (&fsx.FS{}).TempName(filepath.Join(to, clusterctlcfg.File))
	writeFile(t, leftover, "partial")
	var held, staged bool
	hook := func(op fsx.Op, path string) error {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		unlock, err := fsx.Lock(ctx, to, 0)
		if err == nil {
			unlock()
		}
		held, staged = err != nil, exists(leftover)
		return nil
	}
	if _, err := Relink(context.Background(), to, RelinkOptions{Hook: hook}); err != nil {
		t.Fatal(err)
	}
	if !held || staged {
		t.Errorf("at the write: lock held %v (want true), the leftover there %v (want false)", held, staged)
	}
}

// TestRelinkFindingsNameTheLine: a URL relink cannot fix is reported at its line.
func TestRelinkFindingsNameTheLine(t *testing.T) {
	t.Parallel()
	_, to := movedMirror(t)
	rep, err := Relink(context.Background(), to, RelinkOptions{})
	if err != nil || !rep.Findings.HasErrors() || rep.Findings[0].Line != 4 || rep.Findings[0].Severity != lint.Error {
		t.Errorf("findings %v (%v); want an error on line 4 (the ${REPO} entry, no variable set)", rep.Findings, err)
	}
}
