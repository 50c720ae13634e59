package local

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
)

// A published version folder may hold more than files: --force keeps a subfolder
// the build does not have, as the report promises ("left alone").
func TestForceKeepsExtraSubfolders(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	mustPublish(t, New(root, Options{}), set(foo("v1.0.0")))
	dir := filepath.Join(root, "infrastructure-foo", "v1.0.0")
	if err := os.MkdirAll(filepath.Join(dir, "docs", "img"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "docs", "img", "a.svg"), []byte("<svg/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := foo("v1.0.0")
	changed.File("metadata.yaml").Data = []byte("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries: []\n")

	rep := mustPublish(t, New(root, Options{}), set(changed), publish.Policy{Replace: true})
	if got := readFile(t, filepath.Join(dir, "docs", "img", "a.svg")); got != "<svg/>" {
		t.Errorf("docs/img/a.svg = %q after --force, want it kept", got)
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), "left alone: docs") {
		t.Errorf("notes %q should name docs as left alone", rep.Notes)
	}
}

// An extra entry that cannot be copied into the replacing folder (a symbolic link)
// stops --force before anything changes, naming it and what to do.
func TestForceRefusesExtraLinkBeforeAnyChange(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	mustPublish(t, New(root, Options{}), set(foo("v1.0.0")))
	dir := filepath.Join(root, "infrastructure-foo", "v1.0.0")
	if err := os.Symlink("metadata.yaml", filepath.Join(dir, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	before := treeHash(t, root)
	changed := foo("v1.0.0")
	changed.File("metadata.yaml").Data = []byte("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries: []\n")

	_, err := publish.Publish(t.Context(), set(changed), New(root, Options{}), publish.Policy{Replace: true})
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "link.yaml")) || !strings.Contains(err.Error(), "move it away") {
		t.Fatalf("Publish = %v, want a refusal naming %s and what to do", err, filepath.Join(dir, "link.yaml"))
	}
	sameTree(t, before, treeHash(t, root))
}

// A repository root that is a file is named as such, with what to do.
func TestRootThatIsAFile(t *testing.T) {
	t.Parallel()
	root := filepath.Join(t.TempDir(), "repo")
	if err := os.WriteFile(root, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := publish.Publish(t.Context(), set(foo("v1.0.0")), New(root, Options{}), publish.Policy{})
	if err == nil || !strings.Contains(err.Error(), "checking "+root+": it exists and is not a directory: move it away") {
		t.Fatalf("Publish into a file = %v, want the root named as not a directory", err)
	}
}

// A missing build output folder says to build first.
func TestReadSetMissingFolder(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "dist")
	_, err := localrepo.ReadSet(dir)
	if err == nil || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "capirepo build --out") {
		t.Fatalf("localrepo.ReadSet(missing) = %v, want the folder named and the build to run", err)
	}
}

// A dry run's notes do not point at a clusterctl.yaml as if it were there.
func TestDryRunNotesSayNothingWasWritten(t *testing.T) {
	t.Parallel()
	root := filepath.Join(t.TempDir(), "repo")
	rep := mustPublish(t, New(root, Options{}), set(foo("v1.0.0")), publish.Policy{DryRun: true})
	if len(rep.Notes) == 0 || !strings.Contains(rep.Notes[0], "once published; this dry run wrote nothing") {
		t.Errorf("dry-run notes %q should say the config is not written yet", rep.Notes)
	}
	rep = mustPublish(t, New(root, Options{}), set(foo("v1.0.0")))
	if len(rep.Notes) == 0 || strings.Contains(rep.Notes[0], "dry run") {
		t.Errorf("notes %q of a real run", rep.Notes)
	}
}
