package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
	"sigs.k8s.io/kustomize/api/types"
)

// smallDocs is n ConfigMaps of about 300 bytes with an image-bearing Deployment first.
func smallDocs(n int) string {
	var b strings.Builder
	b.WriteString("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d, namespace: ns}\nspec:\n  template:\n    spec:\n      containers:\n      - name: manager\n        image: controller:dev\n")
	for i := range n {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-%06d\n  namespace: ns\ndata:\n  a: value %d of a small object, as thousands of generated objects have\n  script: |\n    echo one\n    echo two\n", i, i)
	}
	return b.String()
}

func TestScreenRefusesTooManyDocuments(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{"kustomization.yaml": "resources: [a.yaml, b.yaml]\n",
		"a.yaml": smallDocs(maxDocs / 2), "b.yaml": smallDocs(maxDocs / 2)})
	err := screen(dir)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "b.yaml")) || !strings.Contains(err.Error(), "components.file") {
		t.Fatalf("Screen = %v, want a refusal naming b.yaml and the prebuilt-file alternative", err)
	}
	if err := screen(tree.Write(t, map[string]string{"kustomization.yaml": "resources: [a.yaml]\n", "a.yaml": smallDocs(maxDocs - 10)})); err != nil {
		t.Fatalf("Screen refused %d documents: %v", maxDocs-10, err)
	}
}

// TestFileInPartsMatchesOneRun checks that a file rendered in parts gives the
// resources one kustomize run gives, in the same order and bytes.
func TestFileInPartsMatchesOneRun(t *testing.T) {
	t.Parallel()
	data := smallDocs(2*partDocs + 50)
	dir := tree.Write(t, map[string]string{"c.yaml": data})
	opts := Options{Labels: map[string]string{"cluster.x-k8s.io/provider": "infrastructure-x"},
		Images: []types.Image{{Name: "controller", NewName: "registry.example.com/x/controller", NewTag: "v1.0.0"}}}
	parts, err := File(filepath.Join(dir, "c.yaml"), opts)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := renderFile("c.yaml", []byte(data), opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, isList := parts.(list); !isList {
		t.Fatalf("File rendered %d documents in one run", 2*partDocs+51)
	}
	if got, want := yamlOf(t, parts), yamlOf(t, whole); !bytes.Equal(got, want) || !bytes.Contains(got, []byte("registry.example.com/x/controller:v1.0.0")) {
		t.Fatalf("parts differ from one run (%d vs %d bytes)", len(got), len(want))
	}
	dup := tree.Write(t, map[string]string{"c.yaml": data + "---\n" + strings.SplitN(data, "---\n", 3)[1]})
	if _, err := File(filepath.Join(dup, "c.yaml"), opts); err == nil || !strings.Contains(err.Error(), "already registered id") {
		t.Fatalf("duplicate across parts: err = %v", err)
	}
}

func yamlOf(t *testing.T, rs Resources) []byte {
	var b bytes.Buffer
	for _, r := range rs.Resources() {
		y, err := r.AsYAML()
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(y, "---\n"...))
	}
	return b.Bytes()
}

// TestWhileActiveReturnsOnCancel: a render that never ends does not hold the caller.
func TestWhileActiveReturnsOnCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer close(release)
	started := make(chan struct{})
	go func() { <-started; cancel() }()
	_, err := whileActive(ctx, func() (int, error) { close(started); <-release; return 1, nil })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if _, err := KustomizeContext(ctx, Options{Dir: "../../examples/sample/config/default"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled context: err = %v", err)
	}
	if v, err := whileActive(context.Background(), func() (int, error) { return 7, nil }); v != 7 || err != nil {
		t.Fatalf("whileActive = %d, %v", v, err)
	}
}

// TestScreenCacheSeesChanges: a shared file screened once is screened again when
// it changes.
func TestScreenCacheSeesChanges(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{"base/kustomization.yaml": "resources: [a.yaml]\n", "base/a.yaml": "kind: A\n",
		"f1/kustomization.yaml": "resources: [../base]\n", "f2/kustomization.yaml": "resources: [../base]\n"})
	cache := NewScreenCache()
	for _, f := range []string{"f1", "f2"} {
		if err := screenWith(filepath.Join(dir, f), ScreenOptions{Cache: cache}); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "base", "a.yaml"), []byte("kind: A\x00\x01\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := screenWith(filepath.Join(dir, "f2"), ScreenOptions{Cache: cache}); err == nil || !strings.Contains(err.Error(), "binary") {
		t.Fatalf("changed file not screened again: %v", err)
	}
}

// TestScreenCacheIsPerBuild: screens sharing a cache (one build's flavors) read a
// shared file once; a screen with another cache (another build) reads it again.
func TestScreenCacheIsPerBuild(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{"base/kustomization.yaml": "resources: [a.yaml]\n", "base/a.yaml": "kind: A\n",
		"f1/kustomization.yaml": "resources: [../base]\n", "f2/kustomization.yaml": "resources: [../base]\n"})
	shared := filepath.Join(dir, "base", "a.yaml")
	reads := 0
	screen := func(flavor string, cache *ScreenCache) {
		t.Helper()
		count := func(p string) error {
			if p == shared {
				reads++
			}
			return nil
		}
		if err := screenWith(filepath.Join(dir, flavor), ScreenOptions{File: count, Cache: cache}); err != nil {
			t.Fatal(err)
		}
	}
	build := NewScreenCache()
	screen("f1", build)
	screen("f2", build)
	if reads != 1 {
		t.Errorf("one build read the shared file %d times, want 1", reads)
	}
	screen("f2", NewScreenCache())
	if reads != 2 {
		t.Errorf("a second build did not read the shared file again (%d reads)", reads)
	}
}

func TestScreenRefusesOversizedDocument(t *testing.T) {
	t.Parallel()
	big := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  x: " + strings.Repeat("y", maxDocBytes) + "\n"
	dir := tree.Write(t, map[string]string{"kustomization.yaml": "resources: [a.yaml]\n", "a.yaml": "kind: Small\n---\n" + big})
	err := screen(dir)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "a.yaml")+": document 2 is 32 MiB") {
		t.Fatalf("Screen = %v, want the oversized document refused with file and number", err)
	}
}

// TestScreenCountsListItems: kustomize unwraps a List into objects, so its items
// count towards the document limit, in a folder and in a prebuilt file.
func TestScreenCountsListItems(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: List\nitems:\n")
	for i := range maxDocs + 5 {
		fmt.Fprintf(&b, "- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c%d}\n", i)
	}
	dir := tree.Write(t, map[string]string{"kustomization.yaml": "resources: [list.yaml]\n", "list.yaml": b.String()})
	if err := screen(dir); err == nil || !strings.Contains(err.Error(), "list.yaml") {
		t.Fatalf("Screen = %v, want the List refused", err)
	}
	if _, err := File(filepath.Join(dir, "list.yaml"), Options{}); err == nil || !strings.Contains(err.Error(), "separate YAML documents") {
		t.Fatalf("File = %v, want the List refused", err)
	}
}
