// Package bigtree writes large provider trees for benchmarks: a components folder of
// CRDs with big schemas (like CAPA's or CAPZ's) and cluster-template flavors sharing
// a base and patches, with the capirepo.yaml that builds them.
package bigtree

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

// Tree says what to write.
type Tree struct {
	CRDs    int // CRDs of about 70 KB each in config/ (45: ~3 MB)
	Flavors int // kustomize flavors in templates/flavor-NN, sharing templates/base and templates/patches
}

// Write writes the tree into a new temporary folder and returns its capirepo.yaml.
func Write(tb testing.TB, t Tree) string {
	tb.Helper()
	dir := tb.TempDir()
	var res []string
	for i := range t.CRDs {
		name := fmt.Sprintf("crd%02d.yaml", i)
		res = append(res, name)
		write(tb, filepath.Join(dir, "config", name), CRD(fmt.Sprintf("Thing%02d", i)))
	}
	write(tb, filepath.Join(dir, "config", "manager.yaml"), manager)
	res = append(res, "manager.yaml")
	write(tb, filepath.Join(dir, "config", "kustomization.yaml"), "namespace: big-system\nresources:\n- "+strings.Join(res, "\n- ")+"\n")
	write(tb, filepath.Join(dir, layout.MetadataFile), "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n")
	cfg := "providers:\n- name: big\n  type: InfrastructureProvider\n  components: {kustomize: config}\n  metadata: metadata.yaml\n"
	if t.Flavors > 0 {
		cfg += "  templates:\n" + flavors(tb, dir, t.Flavors)
	}
	write(tb, filepath.Join(dir, "capirepo.yaml"), cfg)
	return filepath.Join(dir, "capirepo.yaml")
}

// Folders lists the kustomize folders of a tree written by Write: config first,
// then the flavors, as capirepo renders them.
func Folders(capirepoYAML string, t Tree) []string {
	dir := filepath.Dir(capirepoYAML)
	out := []string{filepath.Join(dir, "config")}
	for i := range t.Flavors {
		out = append(out, filepath.Join(dir, "templates", fmt.Sprintf("flavor-%02d", i)))
	}
	return out
}

func write(tb testing.TB, p, body string) {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		tb.Fatal(err)
	}
}
