package localrepo

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/release"
)

func TestChecksumsRoundTrip(t *testing.T) {
	t.Parallel()
	files := []release.File{{Name: "b.yaml", Data: []byte("b")}, {Name: "a.yaml", Data: []byte("a")}}
	data := Checksums(files)
	want := release.SHA256([]byte("a")) + "  a.yaml\n" + release.SHA256([]byte("b")) + "  b.yaml\n"
	if string(data) != want {
		t.Errorf("Checksums = %q, want sorted sha256sum lines %q", data, want)
	}
	got := parseChecksums(append(data, []byte("junk\n"+release.SHA256([]byte("c"))+" *c.yaml\n")...))
	wantMap := map[string]string{"a.yaml": release.SHA256([]byte("a")), "b.yaml": release.SHA256([]byte("b")), "c.yaml": release.SHA256([]byte("c"))}
	if !maps.Equal(got, wantMap) {
		t.Errorf("ParseChecksums = %v, want %v", got, wantMap)
	}
}

func TestReadCappedRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "a.yaml")
	if err := os.WriteFile(file, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, filepath.Join(dir, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadCapped(file, 5); err != nil || string(data) != "12345" {
		t.Errorf("ReadCapped(a.yaml) = %q, %v", data, err)
	}
	for _, tt := range []struct {
		path  string
		limit int64
		want  string
	}{
		{dir, 10, "it is a folder"},
		{filepath.Join(dir, "link.yaml"), 10, "not a regular file"},
		{file, 4, ""}, // too large: httpx.ErrTooLarge
	} {
		_, err := ReadCapped(tt.path, tt.limit)
		if err == nil || !strings.Contains(err.Error(), tt.path) || (tt.want == "" && !errors.Is(err, httpx.ErrTooLarge)) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadCapped(%s, %d) = %v, want a refusal naming it (%q)", tt.path, tt.limit, err, tt.want)
		}
	}
}
