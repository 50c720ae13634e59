package configmap

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

const testMetadata = "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- major: 1\n  minor: 2\n  contract: v1beta1\n- major: 1\n  minor: 3\n  contract: v1beta2\n"

// rel is a release of typ/name/version with the given components.
func rel(typ, name, version, components string) *release.Release {
	r := &release.Release{Provider: layout.Provider{Type: layout.Type(typ), Name: name}, Version: layout.NamedVersion(version), ComponentsFile: layout.ComponentsFile(layout.Type(typ)), Files: []release.File{
		{Name: "metadata.yaml", Data: []byte(testMetadata)},
		{Name: layout.ComponentsFile(layout.Type(typ)), Data: []byte(components)},
	}}
	r.Sort()
	return r
}

// small is components creating one Namespace, ns.
func small(ns string) string {
	return "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + ns + "\n---\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: manager\n  namespace: " + ns + "\n"
}

// padded is components of exactly n bytes: a Namespace and a ConfigMap whose data
// repeats text (it compresses well).
func padded(n int) string {
	head := small("big-system") + "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: pad\n  namespace: big-system\ndata:\n  pad: "
	return head + strings.Repeat("a", n-len(head)-1) + "\n"
}

// noise is n bytes of seeded pseudo-random letters in a YAML comment: gzip cannot
// shrink it below about 60%.
func noise(n int) string {
	r := rand.New(rand.NewPCG(1, 2))
	b := []byte(small("noisy-system") + "# ")
	for len(b) < n-1 {
		b = append(b, byte('!'+r.IntN(94)))
	}
	return string(append(b, '\n'))
}

func mustNew(t *testing.T, r *release.Release, ns string) *ConfigMap {
	t.Helper()
	cm, err := New(r, ns)
	if err != nil {
		t.Fatal(err)
	}
	return cm
}

// writeFolder renders cms into a new folder and returns it.
func writeFolder(t *testing.T, cms ...*ConfigMap) string {
	t.Helper()
	files, err := Render(cms)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func wantErr(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one saying %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not say %q", err, p)
		}
	}
}
