package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// lined is a config whose every value error has its own line.
const lined = `providers:
- name: sample
  type: InfrastructureProvider
  components:
    kustomize: config/default
    imagePullPolicy: Always
    images:
    - name: controller
      newName: registry.example.com/sample
      newTag: v1.0.0
  metadata: metadata.yaml
  templates:
  - path: templates
  - flavor: ""
    kustomize: templates/base
`

// lineOf is the 1-based line of body holding mark.
func lineOf(t *testing.T, body, mark string) int {
	t.Helper()
	for i, l := range strings.Split(body, "\n") {
		if strings.Contains(l, mark) {
			return i + 1
		}
	}
	t.Fatalf("no line holds %q", mark)
	return 0
}

// TestValueErrorsCiteTheFieldsLine: each kind of value error names the line of the
// field it is about (not the provider's), the field, what is wrong and what to do.
func TestValueErrorsCiteTheFieldsLine(t *testing.T) {
	t.Parallel()
	cases := []struct{ field, old, new, mark, want string }{
		{"type", "type: InfrastructureProvider", "type: InfraProvider", "type:", `"InfraProvider" is not one of CoreProvider`},
		{"name", "name: sample", "name: Sample", "name: Sample", "must be lower case"},
		{"components.kustomize", "kustomize: config/default", "kustomize: /srv/config", "kustomize: /srv", "is an absolute path"},
		{"components.imagePullPolicy", "imagePullPolicy: Always", "imagePullPolicy: always", "imagePullPolicy:", `"always": want Always, IfNotPresent or Never`},
		{"components.images[0].newName", "newName: registry.example.com/sample", "newName: registry.example.com/Sample", "newName:", "is not an image name"},
		{"components.images[0].newName", "newName: registry.example.com/sample", "newName: registry.example.com/sample:v1", "newName:", "put it in newTag"},
		{"components.images[0].newTag", "newTag: v1.0.0", "newTag: v1/0", "newTag:", "is not an image tag"},
		{"components.images[0].digest", "newTag: v1.0.0", "digest: sha256:abc", "digest:", "is not a digest"},
		{"components.images[0].tagFromVersion", "newTag: v1.0.0", "newTag: v1.0.0\n      tagFromVersion: true", "tagFromVersion:", "excludes newTag and digest"},
		{"components.images[0].name", "- name: controller\n      newName:", "- newName:", "- newName:", "missing: name the image to replace"},
		{"metadata", "metadata: metadata.yaml", "metadata: ../metadata.yaml", "metadata:", "leaves the folder"},
		{"componentsFile", "metadata: metadata.yaml", "metadata: metadata.yaml\n  componentsFile: a/b.yaml", "componentsFile:", "componentsFile"},
		{"loadRestrictor", "metadata: metadata.yaml", "metadata: metadata.yaml\n  loadRestrictor: None", "loadRestrictor:", `"None": want none or rootOnly`},
		{"templates[1].flavor", `flavor: ""`, "flavor: a_b", "flavor:", `"a_b": use letters, digits`},
		{"templates[0].loadRestrictor", "- path: templates", "- path: templates\n    loadRestrictor: none", "loadRestrictor:", "goes with kustomize or clusterClass"},
		{"templates[1].kustomize", `- flavor: ""`, "-", "kustomize: templates/base", "needs a flavor"},
		{"files[0]", "metadata: metadata.yaml", "metadata: metadata.yaml\n  files:\n  - ''", "- ''", "the entry is empty"},
		{"extraComponents[0].name", "metadata: metadata.yaml", "metadata: metadata.yaml\n  extraComponents:\n  - name: a/b.yaml\n    file: x.yaml", "name: a/b", "use a plain file name"},
		{"extraComponents[0].file", "metadata: metadata.yaml", "metadata: metadata.yaml\n  extraComponents:\n  - name: dev.yaml\n    file: /x.yaml", "file: /x", "is an absolute path"},
	}
	for _, c := range cases {
		t.Run(c.field+" "+c.new, func(t *testing.T) {
			t.Parallel()
			body := strings.Replace(lined, c.old, c.new, 1)
			want := fmt.Sprintf("capirepo.yaml:%d: %s: ", lineOf(t, body, c.mark), c.field)
			_, err := Load(write(t, body))
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Load error = %v\nwant it to contain %q and %q", err, want, c.want)
			}
		})
	}
}

// TestMissingInputsCiteTheFieldsLine: an input path that is not there, or not of
// the kind its field names, is refused at the field's line before any render.
func TestMissingInputsCiteTheFieldsLine(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, field, mark, want string }{
		{"no folder", "components.kustomize", "kustomize: config/default", "config/default does not exist"},
		{"no kustomization", "templates[1].kustomize", "kustomize: templates/base", "templates/base has no kustomization.yaml"},
		{"a file for a folder", "components.kustomize", "kustomize: config/default", "is a file, not a kustomize folder"},
		{"a folder for a file", "metadata", "metadata:", "metadata.yaml is a folder, not a file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			files := map[string]string{"config/default/kustomization.yaml": "", "metadata.yaml": "", "templates/a.yaml": "", "templates/base/kustomization.yaml": ""}
			switch c.name {
			case "no folder":
				delete(files, "config/default/kustomization.yaml")
			case "no kustomization":
				files["templates/base/other.yaml"] = ""
				delete(files, "templates/base/kustomization.yaml")
			case "a file for a folder":
				delete(files, "config/default/kustomization.yaml")
				files["config/default"] = ""
			case "a folder for a file":
				delete(files, "metadata.yaml")
				files["metadata.yaml/x"] = ""
			}
			writeTree(t, dir, files)
			path := filepath.Join(dir, "capirepo.yaml")
			if err := os.WriteFile(path, []byte(lined), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			err = cfg.CheckInputs()
			want := fmt.Sprintf("capirepo.yaml:%d: %s: ", lineOf(t, lined, c.mark), c.field)
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("CheckInputs = %v\nwant it to contain %q and %q", err, want, c.want)
			}
		})
	}
}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
