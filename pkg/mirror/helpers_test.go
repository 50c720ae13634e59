package mirror

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
)

// memSource is an in-memory repository.Repository that counts its calls and the calls in flight.
type memSource struct {
	mu       sync.Mutex
	versions map[string]map[string][]byte
	calls    map[string]int // "versions", "files", "file"
	inflight int
	peak     int
	gate     chan struct{} // when set, File waits for it
}

func newMem(versions map[string]map[string]string) *memSource {
	m := &memSource{versions: map[string]map[string][]byte{}, calls: map[string]int{}}
	for v, files := range versions {
		m.versions[v] = map[string][]byte{}
		for n, d := range files {
			m.versions[v][n] = []byte(d)
		}
	}
	return m
}

func (m *memSource) enter(kind string) func() {
	m.mu.Lock()
	m.calls[kind]++
	m.inflight++
	m.peak = max(m.peak, m.inflight)
	m.mu.Unlock()
	return func() { m.mu.Lock(); m.inflight--; m.mu.Unlock() }
}

func (m *memSource) count(kind string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.calls[kind]
}

func (m *memSource) Info() repository.Info { return repository.Info{Kind: "test", Name: "test:memory"} }

func (m *memSource) Bundles(ctx context.Context, version string) ([][]byte, error) {
	return repository.BundleFile(ctx, m, version)
}

func (m *memSource) Versions(context.Context) ([]string, error) {
	defer m.enter("versions")()
	var out []string
	for v := range m.versions {
		out = append(out, v)
	}
	sort.Strings(out)
	return out, nil
}

func (m *memSource) Files(_ context.Context, version string) ([]string, error) {
	defer m.enter("files")()
	files, ok := m.versions[version]
	if !ok {
		return nil, fmt.Errorf("no version %s: %w", version, fs.ErrNotExist)
	}
	var out []string
	for n := range files {
		out = append(out, n)
	}
	sort.Strings(out)
	return out, nil
}

func (m *memSource) File(_ context.Context, version, name string) ([]byte, error) {
	defer m.enter("file")()
	if m.gate != nil {
		<-m.gate
	}
	data, ok := m.versions[version][name]
	if !ok {
		return nil, fmt.Errorf("no file %s in %s: %w", name, version, fs.ErrNotExist)
	}
	return data, nil
}

// quiet are the calls of a unit test's run: no lint, no lock, no check of the
// folder (tests that want them set them).
func quiet() calls {
	return calls{
		lint:  func(*release.Release) lint.Findings { return nil },
		lock:  func(context.Context, string) (func(), error) { return func() {}, nil },
		check: func(context.Context, string, string, string) (lint.Findings, error) { return nil, nil },
	}
}

// dirPublisher writes releases like the local publisher does (files plus a sha256
// file), whatever the folder holds; pkg/mirror may not import the backends.
type dirPublisher struct{ root string }

func (p dirPublisher) String() string { return "test:" + p.root }

func (p dirPublisher) State(context.Context, *release.Set) (publish.State, error) {
	return publish.NewState(nil), nil
}

func (p dirPublisher) Apply(_ context.Context, plan *publish.Plan) error {
	for _, v := range plan.ByVersion() {
		r := v.Release
		dir := filepath.Join(p.root, r.Label(), r.Version.String())
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		sums := ""
		for _, f := range r.Files {
			if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
				return err
			}
			sums += f.SHA256() + "  " + f.Name + "\n"
		}
		if err := os.WriteFile(filepath.Join(dir, localrepo.ChecksumFile), []byte(sums), 0o644); err != nil {
			return err
		}
		plan.DoneVersion(v)
	}
	return nil
}

const (
	metadataYAML = "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n"
	deployment   = `apiVersion: v1
kind: Namespace
metadata: {name: foo-system}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: foo, namespace: foo-system}
spec:
  template:
    spec:
      initContainers:
      - {name: init, image: "registry.example.com/foo/init:%[1]s"}
      containers:
      - {name: manager, image: "registry.example.com/foo/manager:%[1]s"}
`
)

// providerFiles is a release of a provider with a components file and a template.
func providerFiles(version, components string) map[string]string {
	return map[string]string{
		"metadata.yaml":         metadataYAML,
		components:              fmt.Sprintf(deployment, version),
		"cluster-template.yaml": "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata: {name: \"${CLUSTER_NAME}\"}\n",
		"checksums.txt":         "not mirrored",
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func exists(path string) bool { _, err := os.Lstat(path); return err == nil }
