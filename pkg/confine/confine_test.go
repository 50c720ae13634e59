package confine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

func TestCheckRel(t *testing.T) {
	t.Parallel()
	for p, ok := range map[string]bool{
		"config/default": true, "a/../b": true, "./x": true, "x/..": true,
		"/etc/shadow": false, "..": false, "../x": false, "a/../../x": false,
	} {
		if err := CheckRel(p); (err == nil) != ok {
			t.Errorf("CheckRel(%q) = %v, want ok=%v", p, err, ok)
		}
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{"repo/in.yaml": "a: 1", "out.yaml": "b: 2"})
	repo := filepath.Join(dir, "repo")
	if err := os.Symlink(filepath.Join(dir, "out.yaml"), filepath.Join(repo, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(repo, "in.yaml"), filepath.Join(repo, "inner.yaml")); err != nil {
		t.Fatal(err)
	}
	r, err := New(repo)
	if err != nil {
		t.Fatal(err)
	}
	if data, err := r.ReadFile(filepath.Join(repo, "inner.yaml")); err != nil || string(data) != "a: 1" {
		t.Errorf("link inside: %q, %v", data, err)
	}
	if _, err := r.ReadFile(filepath.Join(repo, "link.yaml")); err == nil || !strings.Contains(err.Error(), "link.yaml is a symbolic link to") {
		t.Errorf("link outside: %v", err)
	}
	if _, err := r.ReadFile(filepath.Join(repo, "..", "out.yaml")); err == nil || !strings.Contains(err.Error(), "is outside") {
		t.Errorf("path outside: %v", err)
	}
}

// A symbolic link whose target is missing is named, not only its target.
func TestResolveDanglingLink(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{"repo/in.yaml": "a: 1"})
	repo := filepath.Join(dir, "repo")
	link := filepath.Join(repo, "cluster-template-x.yaml")
	if err := os.Symlink(filepath.Join(dir, "gone.yaml"), link); err != nil {
		t.Fatal(err)
	}
	r, err := New(repo)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Resolve(link)
	if err == nil || !strings.Contains(err.Error(), link+" is a symbolic link to") || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("dangling link: %v, want the link named and a not-exist error", err)
	}
	if _, err := r.Resolve(filepath.Join(repo, "missing.yaml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want a not-exist error", err)
	}
}
