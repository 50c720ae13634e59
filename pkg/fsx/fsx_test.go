package fsx

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteFileModeAndReplace(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "clusterctl.yaml")
	for _, content := range []string{"one\n", "two\n"} {
		if err := writeFile(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); string(got) != content {
			t.Errorf("WriteFile wrote %q, want %q", got, content)
		}
	}
	if got, want := mode(t, path), FileMode&^tree.Umask(t); got != want {
		t.Errorf("mode = %v, want %v", got, want)
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("folder holds %v, want only the file", got)
	}
}

func TestStageCommitNewAndExisting(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "label", "v1.0.0")
	for i, files := range []map[string]string{{"a.yaml": "1", "sub/b.yaml": "2"}, {"a.yaml": "3"}} {
		s, err := newStage(target)
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			if err := s.WriteFile(name, []byte(data)); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Commit(); err != nil {
			t.Fatalf("commit %d: %v", i, err)
		}
		s.Discard()
	}
	if got := strings.Join(entries(t, target), ","); got != "a.yaml" {
		t.Errorf("target holds %s, want only the second stage's a.yaml", got)
	}
	if got := strings.Join(entries(t, filepath.Dir(target)), ","); got != "v1.0.0" {
		t.Errorf("label folder holds %s, want no leftovers", got)
	}
	for _, d := range []string{target, filepath.Dir(target)} {
		if got, want := mode(t, d), DirMode&^tree.Umask(t); got != want {
			t.Errorf("mode of %s = %v, want %v", d, got, want)
		}
	}
	if got, want := mode(t, filepath.Join(target, "a.yaml")), FileMode&^tree.Umask(t); got != want {
		t.Errorf("file mode = %v, want %v", got, want)
	}
}

func TestHookStopsBeforeEachStep(t *testing.T) {
	t.Parallel()
	stop := errors.New("stopped")
	for n := 0; n < 3; n++ {
		dir := t.TempDir()
		target := filepath.Join(dir, "v1")
		if err := os.MkdirAll(target, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(target, "old"), []byte("old"), 0o644)
		count := 0
		f := &FS{Hook: func(op Op, path string) error {
			if count++; count > n {
				return stop
			}
			return nil
		}}
		s, err := f.NewStage(target)
		if err == nil {
			err = s.WriteFile("new", []byte("new"))
		}
		if err == nil {
			err = s.Commit()
		}
		got := strings.Join(entries(t, target), ",")
		switch {
		case n < 2 && (!errors.Is(err, stop) || got != "old"):
			t.Errorf("stopped at step %d: err %v, target holds %s; want the stop and the old content", n, err, got)
		case n >= 2 && got != "new":
			t.Errorf("stopped at step %d (the removal of the old copy): target holds %s, want new", n, got)
		}
	}
}

func TestReplaceAsideAndRecover(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "v1")
	os.MkdirAll(target, 0o755)
	os.WriteFile(filepath.Join(target, "f"), []byte("old"), 0o644)
	s, err := newStage(target)
	if err != nil {
		t.Fatal(err)
	}
	s.WriteFile("f", []byte("new"))
	// A crash between the two renames of the fallback: the old folder is set aside.
	crash := &FS{Hook: func(op Op, path string) error {
		if op == OpRename && path == target {
			return errors.New("killed")
		}
		return nil
	}}
	if err := os.Rename(target, tempName(target, OldMark)); err != nil {
		t.Fatal(err)
	}
	if err := crash.Rename(s.Dir, target); err == nil {
		t.Fatal("the hook did not stop the rename")
	}
	restored, err := recoverDir(dir)
	if err != nil || len(restored) != 1 {
		t.Fatalf("Recover() = %v, %v; want the set-aside folder restored", restored, err)
	}
	if got, _ := os.ReadFile(filepath.Join(target, "f")); string(got) != "old" {
		t.Errorf("restored content %q, want old", got)
	}
	if err := (&FS{NoExchange: true}).Replace(s.Dir, target); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(target, "f")); string(got) != "new" {
		t.Errorf("Replace without exchange: content %q, want new", got)
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("folder holds %v, want only v1", got)
	}
}

func TestStagedNames(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, base, mark string }{
		{".v1.0.0.tmp-abcdefghij", "v1.0.0", TmpMark},
		{".clusterctl.yaml.old-abcdefghij", "clusterctl.yaml", OldMark},
		{"v1.0.0", "", ""},
		{".hidden", "", ""},
	}
	for _, tt := range tests {
		if base, mark := stagedBase(tt.name); base != tt.base || mark != tt.mark {
			t.Errorf("StagedBase(%q) = %q, %q; want %q, %q", tt.name, base, mark, tt.base, tt.mark)
		}
	}
	if n := filepath.Base(tempName("/x/v1", TmpMark)); !IsStaged(n) || !strings.HasPrefix(n, ".v1.tmp-") {
		t.Errorf("TempName gave %q", n)
	}
}

func TestWriteFileKeepsAReplacedFilesMode(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "clusterctl.yaml")
	if err := os.WriteFile(path, []byte("github-token: secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o600)
	if err := writeFile(path, []byte("github-token: other\n")); err != nil {
		t.Fatal(err)
	}
	if got := mode(t, path); got != 0o600 {
		t.Errorf("mode after replace = %v, want 0600 kept", got)
	}
}

func TestMarkSwapUndoAndClean(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "v1")
	os.MkdirAll(target, 0o755)
	os.WriteFile(filepath.Join(target, "f"), []byte("old"), 0o644)
	other := filepath.Join(dir, ".v1.tmp-inflight") // another tool's staging
	os.WriteFile(other, []byte("x"), 0o644)
	for _, noExchange := range []bool{false, true} {
		f := &FS{Mark: "capirepo", NoExchange: noExchange}
		s, err := f.NewStage(target)
		if err != nil {
			t.Fatal(err)
		}
		if n := filepath.Base(s.Dir); !strings.HasPrefix(n, ".v1.capirepo-tmp-") || !f.IsStaged(n) || IsStaged(n) {
			t.Errorf("staged name %q: want capirepo's mark only", n)
		}
		s.WriteFile("f", []byte("new"))
		sw, err := f.Swap(s.Dir, target)
		if err != nil || sw.Old == "" {
			t.Fatalf("Swap() = %+v, %v", sw, err)
		}
		if got, _ := os.ReadFile(filepath.Join(target, "f")); string(got) != "new" {
			t.Errorf("noExchange=%v: swapped content %q, want new", noExchange, got)
		}
		sw.Undo()
		if got, _ := os.ReadFile(filepath.Join(target, "f")); string(got) != "old" {
			t.Errorf("noExchange=%v: undone content %q, want old", noExchange, got)
		}
		if err := f.Clean(dir); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(entries(t, dir), ","); got != ".v1.tmp-inflight,v1" {
		t.Errorf("after Clean the folder holds %s, want only v1 and the other tool's file", got)
	}
}

// writeFile replaces path atomically with data (see FS.writeFile).
func writeFile(path string, data []byte) error { return (*FS)(nil).WriteFile(path, data) }

// recoverDir puts back what a crash set aside in dir (see FS.recoverDir).
func recoverDir(dir string) ([]string, error) { return (*FS)(nil).Recover(dir) }

// newStage creates a staging folder for target (see FS.newStage).
func newStage(target string) (*Stage, error) { return (*FS)(nil).NewStage(target) }
