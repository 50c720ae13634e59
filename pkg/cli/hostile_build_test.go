package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Oversized build inputs are refused before kustomize reads them (exit 3, naming the
// file and the cap), at bounded memory: what verify and mirror refuse is not built.

// hostileBuild writes a provider whose components come from the file (components.file)
// or folder (components.kustomize) given, and runs build on it through attack.
func hostileBuild(t *testing.T, components string, files map[string]string) (int, string) {
	t.Helper()
	return hostileBuildIn(t, components, files, nil)
}

// hostileBuildIn is hostileBuild with edit run on the tree before the build.
func hostileBuildIn(t *testing.T, components string, files map[string]string, edit func(dir string)) (int, string) {
	t.Helper()
	files["capirepo.yaml"] = "providers:\n- name: tiny\n  type: BootstrapProvider\n  components:\n    " + components + "\n  metadata: metadata.yaml\n"
	if _, ok := files["metadata.yaml"]; !ok {
		files["metadata.yaml"] = "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n"
	}
	dir := sampleTree(t, func(f map[string]string) {
		for k := range f {
			delete(f, k)
		}
		for k, v := range files {
			f[k] = v
		}
	})
	if edit != nil {
		edit(dir)
	}
	start := time.Now()
	code, out, _ := attack(t, attackLimits, nil, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", filepath.Join(dir, "dist"))
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("took %s", took)
	}
	if _, err := os.Stat(filepath.Join(dir, "dist")); err == nil {
		t.Errorf("build wrote its output")
	}
	return code, out
}

// wantInputCap checks a refused input: exit 3, the file and the cap named.
func wantInputCap(t *testing.T, code int, out, file, cap string) {
	t.Helper()
	if code != ExitInput || !strings.Contains(out, file) || !strings.Contains(out, cap) || strings.Contains(out, "goroutine ") {
		t.Errorf("exit %d, want 3 naming %s and %q:\n%.2000s", code, file, cap, out)
	}
}

// millionDocs is a components file of 1,000,000 small objects (62 MiB: under the
// size cap, over the document cap).
func millionDocs() string {
	var b strings.Builder
	for i := range 1_000_000 {
		fmt.Fprintf(&b, "---\n{apiVersion: v1, kind: ConfigMap, metadata: {name: c%d}}\n", i)
	}
	return b.String()
}

func TestHostileBuildMillionDocuments(t *testing.T) {
	code, out := hostileBuild(t, "file: big.yaml", map[string]string{"big.yaml": millionDocs()})
	wantInputCap(t, code, out, "big.yaml", "more than 100000 YAML documents")
}

// flowBomb is a 45 KB object of 9,000 nested flow maps, which kustomize renders in
// block style: one line per level, indented by its depth (about 81 MB), in minutes.
func flowBomb() string {
	const depth = 9000
	return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: " + strings.Repeat("{a: ", depth) + "1" + strings.Repeat("}", depth) + "\n"
}

func TestHostileBuildFlowMapBomb(t *testing.T) {
	for _, tt := range []struct{ components string }{{"kustomize: config"}, {"file: config/all.yaml"}} {
		code, out := hostileBuild(t, tt.components, map[string]string{"config/kustomization.yaml": "resources: [all.yaml]\n", "config/all.yaml": flowBomb()})
		wantInputCap(t, code, out, "all.yaml", "the cap of 256 levels of nesting")
	}
}

// A file over its size cap is refused by its size, before it is read (a sparse file:
// nothing of it is on disk); so is metadata.yaml over 1 MiB, and the inputs of one
// render that add up to more than the 256 MiB of one release's files.
func TestHostileBuildOversizedInputs(t *testing.T) {
	kust := map[string]string{"config/kustomization.yaml": "resources: [all.yaml]\n", "config/all.yaml": "apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n"}
	sparse := func(name string, size int64) func(string) {
		return func(dir string) {
			if err := os.Truncate(filepath.Join(dir, name), size); err != nil {
				t.Fatal(err)
			}
		}
	}
	code, out := hostileBuildIn(t, "file: config/all.yaml", kust, sparse("config/all.yaml", 65<<20))
	wantInputCap(t, code, out, "all.yaml", "larger than the 64 MiB cap")
	code, out = hostileBuildIn(t, "kustomize: config", kust, sparse("config/all.yaml", 65<<20))
	wantInputCap(t, code, out, "all.yaml", "larger than the 64 MiB cap")
	code, out = hostileBuildIn(t, "kustomize: config", kust, sparse("metadata.yaml", 1<<20+1))
	wantInputCap(t, code, out, "metadata.yaml", "larger than the 1 MiB cap")

	ten := map[string]string{"config/kustomization.yaml": "resources: [a.yaml, b.yaml, c.yaml, d.yaml, e.yaml, f.yaml, g.yaml, h.yaml, i.yaml, j.yaml]\n"}
	code, out = hostileBuildIn(t, "kustomize: config", ten, func(dir string) {
		padding := []byte(strings.Repeat("# padding\n", 28<<20/10)) // 28 MiB of comments: one empty document
		for _, n := range "abcdefghij" {
			if err := os.WriteFile(filepath.Join(dir, "config", string(n)+".yaml"), padding, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
	wantInputCap(t, code, out, "j.yaml", "more than the 256 MiB cap")
}
