//go:build unix

package scaffold

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/fifo"
	fixture "github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestInitNeverOpensANamedPipe: a named pipe as the Makefile, a workflow, a template,
// a flavor's kustomization and a resource a kustomization loads is never opened (init
// ends at once) and each is named in the config it proposes.
func TestInitNeverOpensANamedPipe(t *testing.T) {
	t.Parallel()
	f := provider(files{"templates/flavor-a/cluster.yaml": cluster("a"), ".github/workflows/release.yaml": "x"})
	f["config/manager/kustomization.yaml"] = "resources:\n- manager.yaml\n- extra.yaml\n"
	dir := fixture.Write(t, f)
	rels := []string{"Makefile", "templates/cluster-template-pipe.yaml", "templates/flavor-a/kustomization.yaml", "config/manager/extra.yaml"}
	var pipes []string
	for _, rel := range rels {
		pipes = append(pipes, fifo.Make(t, filepath.Join(dir, filepath.FromSlash(rel))))
	}
	pipes = append(pipes, fifo.Make(t, filepath.Join(dir, ".github", "workflows", "release.yaml")))
	var plan *Plan
	var err error
	fifo.Within(t, func() { plan, err = Inspect(t.Context(), dir) }, pipes...)
	if err != nil {
		t.Fatal(err)
	}
	cfg := string(plan.Config())
	for _, rel := range rels {
		if !strings.Contains(cfg, "# "+rel+" was not read (not a regular file: a named pipe (FIFO); never opened)") {
			t.Errorf("the config does not name %s:\n%s", rel, cfg)
		}
	}
}

// TestInitRefusalNamesTheFilesItDidNotRead: a tree whose only components
// kustomization is over the cap (or a named pipe) is refused with the file named.
func TestInitRefusalNamesTheFilesItDidNotRead(t *testing.T) {
	t.Parallel()
	pad := "# " + strings.Repeat("x", 4096) + "\n"
	big := provider(nil)
	big["config/default/kustomization.yaml"] = pad + big["config/default/kustomization.yaml"]
	_, err := inspect(t.Context(), fixture.Write(t, big), 4096)
	if err == nil || !strings.Contains(err.Error(), "no components folder found") || !strings.Contains(err.Error(), "config/default/kustomization.yaml (larger than 4096 bytes)") {
		t.Errorf("oversized kustomization: %v; want the refusal to name it and the cap", err)
	}
	dir := fixture.Write(t, provider(nil))
	pipe := fifo.Make(t, filepath.Join(dir, "config", "default", "kustomization.yaml"))
	fifo.Within(t, func() { _, err = Inspect(t.Context(), dir) }, pipe)
	if err == nil || !strings.Contains(err.Error(), "config/default/kustomization.yaml (not a regular file: a named pipe (FIFO); never opened)") {
		t.Errorf("named pipe kustomization: %v; want the refusal to name it", err)
	}
}

// TestInitNamesAFileItCannotOpen: a file init cannot open (here a symbolic link that
// loops) is named in the config with the reason, not passed over.
func TestInitNamesAFileItCannotOpen(t *testing.T) {
	t.Parallel()
	dir := fixture.Write(t, provider(nil))
	if err := os.Symlink("Makefile", filepath.Join(dir, "Makefile")); err != nil {
		t.Fatal(err)
	}
	plan, err := Inspect(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if cfg := string(plan.Config()); !strings.Contains(cfg, "# Makefile was not read (unreadable: too many levels of symbolic links)") {
		t.Errorf("the config does not name the Makefile it could not open:\n%s", cfg)
	}
}
