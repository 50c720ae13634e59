package local

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// rel builds an infrastructure-foo release (or another name/type) with metadata.yaml,
// the components file and extra name=content files.
func rel(name, typ, version string, extra ...string) *release.Release {
	comp := layout.ComponentsFile(layout.Type(typ))
	r := &release.Release{Provider: layout.Provider{Type: layout.Type(typ), Name: name}, Version: layout.NamedVersion(version), ComponentsFile: comp, Files: []release.File{
		{Name: "metadata.yaml", Data: []byte("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\n")},
		{Name: comp, Data: []byte("kind: Namespace # " + version + "\n")},
	}}
	for i := 0; i+1 < len(extra); i += 2 {
		r.Files = append(r.Files, release.File{Name: extra[i], Data: []byte(extra[i+1])})
	}
	r.Sort()
	return r
}

func foo(version string, extra ...string) *release.Release {
	return rel("foo", layout.InfrastructureProvider, version, extra...)
}

func set(rels ...*release.Release) *release.Set { return &release.Set{Releases: rels} }

// treeHash maps every path under root (relative) to its type and content hash, so
// two calls compare a whole tree.
func treeHash(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		switch {
		case d.Type().IsRegular():
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(data)
			out[rel] = "file " + hex.EncodeToString(sum[:])
		default:
			out[rel] = d.Type().String()
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, before, after map[string]string) {
	t.Helper()
	if !reflect.DeepEqual(before, after) {
		t.Errorf("tree changed:\nbefore %v\nafter  %v", before, after)
	}
}

// failWriter fails (or panics, to model a crash) once n files were written.
type failWriter struct {
	n     int32
	err   error
	panic bool
	count atomic.Int32
}

func (w *failWriter) WriteFile(path string, data []byte) error {
	if w.count.Add(1) > w.n {
		if w.panic {
			panic("simulated crash writing " + path)
		}
		return w.err
	}
	return osWriter{}.WriteFile(path, data)
}

// mustPublish publishes s into p through publish.Publish, as every caller does, under
// pol (none: the default policy).
func mustPublish(t *testing.T, p *Publisher, s *release.Set, pol ...publish.Policy) *publish.Report {
	t.Helper()
	rep, err := publish.Publish(t.Context(), s, p, append(pol, publish.Policy{})[0])
	if err != nil {
		t.Fatalf("Publish: %v", err)
	}
	return rep
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// osWriter is fsx's own synced write of a new file (tests wrap it).
type osWriter struct{}

func (osWriter) WriteFile(path string, data []byte) error { return fsx.CreateFile(path, data) }
