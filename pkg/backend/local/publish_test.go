package local

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

func TestPublishWritesTreeChecksumsAndConfig(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	s := set(foo("v1.0.0", "cluster-template.yaml", "kind: Cluster\n"),
		rel("kubeadm", layout.BootstrapProvider, "v0.1.0"))
	rep := mustPublish(t, New(root, Options{}), s)
	if got, want := rep.Count(publish.Written), 5; got != want {
		t.Errorf("written = %d, want %d\n%+v", got, want, rep.Actions)
	}
	for _, r := range s.Releases {
		dir := layout.LocalDir(root, r.Label(), r.Version.String())
		for _, f := range r.Files {
			if got := readFile(t, filepath.Join(dir, f.Name)); got != string(f.Data) {
				t.Errorf("%s/%s = %q, want %q", dir, f.Name, got, f.Data)
			}
		}
		if got := readFile(t, filepath.Join(dir, localrepo.ChecksumFile)); got != string(localrepo.Checksums(r.Files)) {
			t.Errorf("sha256 of %s = %q", r, got)
		}
	}
	sums := readFile(t, filepath.Join(root, "infrastructure-foo", "v1.0.0", localrepo.ChecksumFile))
	lines := strings.Split(strings.TrimSpace(sums), "\n")
	if len(lines) != 3 || !strings.HasSuffix(lines[0], "  cluster-template.yaml") || !strings.HasSuffix(lines[2], "  metadata.yaml") {
		t.Errorf("sha256 file not sorted sha256sum lines:\n%s", sums)
	}
	cfg := readFile(t, filepath.Join(root, clusterctlcfg.File))
	for _, want := range []string{
		"url: file://" + filepath.ToSlash(root) + "/infrastructure-foo/latest/infrastructure-components.yaml",
		"type: BootstrapProvider", "name: kubeadm",
	} {
		if !strings.Contains(cfg, want) {
			t.Errorf("clusterctl.yaml lacks %q:\n%s", want, cfg)
		}
	}
}

func TestPublishTwiceIsNoop(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	s := set(foo("v1.0.0"))
	mustPublish(t, New(root, Options{}), s)
	before := treeHash(t, root)
	rep := mustPublish(t, New(root, Options{}), s)
	sameTree(t, before, treeHash(t, root))
	if rep.Count(publish.Written)+rep.Count(publish.Replaced) != 0 || rep.Count(publish.Skipped) != 2 {
		t.Errorf("second publish actions = %+v, want 2 files skipped", rep.Actions)
	}
}

func TestPublishConflictRefusedThenForced(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	mustPublish(t, New(root, Options{}), set(foo("v1.0.0", "old.yaml", "a: 1\n", "same.yaml", "s: 1\n")))
	before := treeHash(t, root)
	changed := foo("v1.0.0", "new.yaml", "b: 1\n", "same.yaml", "s: 1\n")
	changed.File("metadata.yaml").Data = []byte("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries: []\n")

	rep, err := publish.Publish(t.Context(), set(changed), New(root, Options{}), publish.Policy{})
	if err == nil {
		t.Fatal("Publish of different content succeeded, want a refusal")
	}
	for _, want := range []string{"metadata.yaml (content differs", "new.yaml (not in the published version)", "--force"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if rep.Count(publish.Refused) != 2 {
		t.Errorf("refused actions = %+v, want 2 (one per differing file)", rep.Actions)
	}
	sameTree(t, before, treeHash(t, root))

	rep = mustPublish(t, New(root, Options{}), set(changed), publish.Policy{Replace: true})
	if rep.Count(publish.Replaced) != 1 || rep.Count(publish.Written) != 1 || rep.Count(publish.Skipped) != 2 {
		t.Errorf("forced actions = %+v, want metadata.yaml replaced, new.yaml written, 2 skipped", rep.Actions)
	}
	dir := filepath.Join(root, "infrastructure-foo")
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "v1.0.0" {
		t.Errorf("%s holds %v, want only v1.0.0 (no staged or old folder left)", dir, entries)
	}
	if got := readFile(t, filepath.Join(dir, "v1.0.0", "old.yaml")); got != "a: 1\n" {
		t.Errorf("old.yaml, which the build does not have, = %q; want it left alone", got)
	}
	if got := readFile(t, filepath.Join(dir, "v1.0.0", "new.yaml")); got != "b: 1\n" {
		t.Errorf("new.yaml = %q", got)
	}
}

func TestPublishDryRunWritesNothing(t *testing.T) {
	t.Parallel()
	root := filepath.Join(t.TempDir(), "repo")
	rep := mustPublish(t, New(root, Options{}), set(foo("v1.0.0")), publish.Policy{DryRun: true})
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Errorf("dry run created %s: %v", root, err)
	}
	if rep.Count(publish.Planned) != 2 {
		t.Errorf("dry-run actions = %+v, want 2 files planned", rep.Actions)
	}
}

func TestPublishBadInputLeavesRootAsItWas(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		setup   func(t *testing.T, root string)
		set     *release.Set
		writer  FileWriter
		wantErr string
	}{
		{name: "disk full on the second release", set: set(foo("v1.1.0"), foo("v1.2.0")),
			writer: &failWriter{n: 4, err: os.NewSyscallError("write", syscall.ENOSPC)}, wantErr: "no space left"},
		{name: "read-only file system", set: set(foo("v1.1.0")),
			writer: &failWriter{n: 0, err: os.NewSyscallError("open", syscall.EROFS)}, wantErr: "read-only file system"},
		{name: "disk full writing clusterctl.yaml", set: set(rel("kubeadm", layout.BootstrapProvider, "v0.1.0")),
			writer: &failWriter{n: 3, err: os.NewSyscallError("write", syscall.ENOSPC)}, wantErr: "clusterctl.yaml"},
		{name: "version path is a file", set: set(foo("v1.1.0")), wantErr: "is not a directory",
			setup: func(t *testing.T, root string) {
				os.WriteFile(filepath.Join(root, "infrastructure-foo", "v1.1.0"), []byte("x"), 0o644)
			}},
		{name: "label path is a file", set: set(rel("kubeadm", layout.BootstrapProvider, "v0.1.0")), wantErr: "is not a directory",
			setup: func(t *testing.T, root string) {
				os.WriteFile(filepath.Join(root, "bootstrap-kubeadm"), []byte("x"), 0o644)
			}},
		{name: "file name with ..", set: set(foo("v1.1.0", "..evil.yaml", "x")), wantErr: `".."`},
		{name: "file name with /", set: set(foo("v1.1.0", "sub/evil.yaml", "x")), wantErr: "path separators"},
		{name: "reserved sha256 name", set: set(foo("v1.1.0", "sha256", "x")), wantErr: "reserved"},
		{name: "not a version", set: set(foo("1.1.0")), wantErr: `no "v" prefix`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			mustPublish(t, New(root, Options{}), set(foo("v1.0.0")))
			if tt.setup != nil {
				tt.setup(t, root)
			}
			before := treeHash(t, root)
			_, err := publish.Publish(t.Context(), tt.set, New(root, Options{Writer: tt.writer}), publish.Policy{})
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Publish error = %v, want one containing %q", err, tt.wantErr)
			}
			sameTree(t, before, treeHash(t, root))
		})
	}
}

func TestPublishIgnoresJunkFolders(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, p := range []string{"junk/x", "infrastructure-foo/notes/readme", "infrastructure-foo/.hidden/y"} {
		os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(root, p), []byte("keep"), 0o644)
	}
	mustPublish(t, New(root, Options{}), set(foo("v1.0.0")))
	for _, p := range []string{"junk/x", "infrastructure-foo/notes/readme", "infrastructure-foo/.hidden/y", "infrastructure-foo/v1.0.0/metadata.yaml"} {
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

func TestPublishDryRunReportsConflicts(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	mustPublish(t, New(root, Options{}), set(foo("v1.0.0")))
	before := treeHash(t, root)
	rep, err := publish.Publish(t.Context(), set(foo("v1.0.0", "extra.yaml", "x: 1\n"), foo("v1.1.0")), New(root, Options{}), publish.Policy{DryRun: true})
	if err == nil || !strings.Contains(err.Error(), "extra.yaml (not in the published version)") {
		t.Errorf("dry run error = %v, want the conflict on v1.0.0", err)
	}
	if rep.Count(publish.Refused) != 1 {
		t.Errorf("dry-run actions = %+v, want extra.yaml refused", rep.Actions)
	}
	if _, err := publish.Publish(t.Context(), set(foo("v1.0.0", "extra.yaml", "x: 1\n")), New(root, Options{}), publish.Policy{Replace: true, DryRun: true}); err != nil {
		t.Errorf("dry run with Force: %v", err)
	}
	sameTree(t, before, treeHash(t, root))
}

// TestPublishReadOnlyRoot uses permissions, which do not stop root; the injected
// EROFS writer case above covers that path everywhere.
func TestPublishReadOnlyRoot(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	mustPublish(t, New(root, Options{}), set(foo("v1.0.0")))
	label := filepath.Join(root, "infrastructure-foo")
	for _, d := range []string{label, root} {
		if err := os.Chmod(d, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(d, 0o755) })
	}
	if f, err := os.Create(filepath.Join(label, "probe")); err == nil {
		f.Close()
		os.Remove(f.Name())
		t.Skip("permissions do not stop this user from writing (running as root?)")
	}
	before := treeHash(t, root)
	_, err := publish.Publish(t.Context(), set(foo("v1.1.0")), New(root, Options{}), publish.Policy{})
	if err == nil || !strings.Contains(err.Error(), label) {
		t.Errorf("Publish to a read-only folder = %v, want an error naming %s", err, label)
	}
	sameTree(t, before, treeHash(t, root))
}
