package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// fakeBinary is the capirepo of a fake release: a script that prints its version.
func fakeBinary(version string) []byte {
	return []byte("#!/bin/sh\necho " + version + "\n")
}

// fakeRelease serves, on loopback, what the action's install script reads from a
// GitHub server: release assets at /OWNER/NAME/releases/download/TAG/FILE and the
// repository's refs at /OWNER/NAME/info/refs (what git ls-remote reads over plain
// HTTP). Anything else is 404.
type fakeRelease struct {
	mu    sync.Mutex
	files map[string][]byte // path → body
	asked []string
}

func newFakeRelease(t *testing.T) (*fakeRelease, *httptest.Server) {
	t.Helper()
	f := &fakeRelease{files: map[string][]byte{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.asked = append(f.asked, r.URL.Path)
		body, ok := f.files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return f, srv
}

// release publishes capirepo TAG of capirepo/capirepo as goreleaser.yaml names its
// files: one archive per platform (binary printing TAG) and checksums.txt.
func (f *fakeRelease) release(t *testing.T, tag string, platforms ...string) {
	t.Helper()
	var sums strings.Builder
	for _, p := range platforms {
		name := "capirepo_" + strings.TrimPrefix(tag, "v") + "_" + p + ".tar.gz"
		data := tarGz(t, "capirepo", fakeBinary(tag))
		if strings.HasPrefix(p, "windows_") {
			name, data = strings.TrimSuffix(name, ".tar.gz")+".zip", zipOf(t, "capirepo.exe", fakeBinary(tag))
		}
		f.put(tag, name, data)
		fmt.Fprintf(&sums, "%x  %s\n", sha256.Sum256(data), name)
	}
	f.put(tag, "checksums.txt", []byte(sums.String()))
}

func (f *fakeRelease) put(tag, name string, data []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.files["/capirepo/capirepo/releases/download/"+tag+"/"+name] = data
}

func (f *fakeRelease) remove(tag, name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.files, "/capirepo/capirepo/releases/download/"+tag+"/"+name)
}

// refs serves the repository's refs: "SHA\trefs/…" lines.
func (f *fakeRelease) refs(lines ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.files["/capirepo/capirepo/info/refs"] = []byte(strings.Join(lines, "\n") + "\n")
}

func tarGz(t *testing.T, name string, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	gz := gzip.NewWriter(&b)
	tw := tar.NewWriter(gz)
	for _, e := range []struct {
		name string
		data []byte
	}{{"README.md", []byte("# capirepo\n")}, {name, data}} {
		if err := tw.WriteHeader(&tar.Header{Name: e.name, Mode: 0o755, Size: int64(len(e.data))}); err != nil {
			t.Fatal(err)
		}
		tw.Write(e.data)
	}
	if err := tw.Close(); err != nil || gz.Close() != nil {
		t.Fatal("closing the archive", err)
	}
	return b.Bytes()
}

func zipOf(t *testing.T, name string, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	h := &zip.FileHeader{Name: name, Method: zip.Deflate}
	h.SetMode(0o755)
	w, err := zw.CreateHeader(h)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// fakeSource writes a module that stands for the action's source: its
// cmd/capirepo prints the version set at link time in pkg/cli.Version, or "dev".
func fakeSource(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":             "module github.com/capirepo/capirepo\n\ngo 1.26\n",
		"pkg/cli/version.go": "package cli\n\n// Version is set at link time.\nvar Version string\n",
		"cmd/capirepo/main.go": `package main

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/cli"
)

func main() {
	if cli.Version == "" {
		fmt.Println("dev")
		return
	}
	fmt.Println(cli.Version)
}
`,
	}
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// goCache is the build cache of the go command that runs the tests, so the script's
// go build of the fake source reuses the standard library it compiled.
func goCache(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Skip("no go command to build the action's source with")
	}
	return strings.TrimSpace(string(out))
}
