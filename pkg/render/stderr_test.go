package render

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/child"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// childDir names the tree the child process renders (set only in the child).
const childDir = "CAPIREPO_TEST_RENDER_DIR"

// TestRenderWritesNothingToStderr renders a kustomization with deprecated fields
// in a child process and checks that nothing reached the process's stderr:
// kustomize is served the fixed kustomization and has nothing to warn about, while
// every deprecation still comes back as a Warning.
func TestRenderWritesNothingToStderr(t *testing.T) {
	if dir := os.Getenv(childDir); dir != "" {
		renderInChild(t, dir)
		return
	}
	t.Parallel()
	dir := tree.Write(t, map[string]string{
		"base/kustomization.yaml": "resources: [deploy.yaml]\ncommonLabels: {a: b}\n", "base/deploy.yaml": fixDeploy,
		"k/kustomization.yaml": "bases: [../base]\nimageTags: [{name: controller, newTag: v1}]\n" +
			"patchesStrategicMerge: [smp.yaml]\npatchesJson6902: [{target: {kind: Deployment, name: manager}, path: json.yaml}]\n",
		"k/smp.yaml":  "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: manager, namespace: system}\nspec: {replicas: 2}\n",
		"k/json.yaml": "- {op: replace, path: /spec/replicas, value: 3}\n",
	})
	if stderr := child.Stderr(t, "TestRenderWritesNothingToStderr", childDir+"="+filepath.Join(dir, "k")); stderr != "" {
		t.Errorf("rendering wrote to the process's stderr:\n%s", stderr)
	}
}

func renderInChild(t *testing.T, dir string) {
	var warned []Warning
	if _, err := Kustomize(Options{Dir: dir, Warn: func(w Warning) { warned = append(warned, w) }}); err != nil {
		t.Fatal(err)
	}
	if len(warned) != 5 {
		t.Fatalf("got %d warnings, want one per deprecated field (5): %v", len(warned), warned)
	}
}
