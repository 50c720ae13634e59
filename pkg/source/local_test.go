package source

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/repository"
)

// tree writes files (path → content) under a new temporary folder.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, data := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const md = "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n"

func buildOutput(t *testing.T) string {
	return tree(t, map[string]string{
		"clusterctl.yaml": "providers: []\n",
		"_docs/infrastructure-foo/v1.0.0/cluster-template.md":      "# vars\n",
		"infrastructure-foo/v1.0.0/metadata.yaml":                  md,
		"infrastructure-foo/v1.0.0/infrastructure-components.yaml": "kind: Namespace\n",
		"infrastructure-foo/v1.0.0/sha256":                         "x  metadata.yaml\n",
		"cert-manager/v1.16.3/cert-manager.yaml":                   "kind: Namespace\n",
	})
}

func labels(ps []repository.Repository) string {
	var out []string
	for _, p := range ps {
		i := p.Info()
		out = append(out, i.Label+"@"+i.Root+":"+i.Components)
	}
	return strings.Join(out, ",")
}

func TestResolveLocal(t *testing.T) {
	t.Parallel()
	root := buildOutput(t)
	want := "infrastructure-foo@" + root + ":infrastructure-components.yaml"
	for _, tt := range []struct{ name, path, dir string }{
		{"build output root", root, ""},
		{"file URL", "file://" + root, ""},
		{"provider folder", filepath.Join(root, "infrastructure-foo"), ""},
		{"relative provider folder", "infrastructure-foo", root},
		{"relative root", ".", root},
		{"provider URL with latest", filepath.Join(root, "infrastructure-foo", "latest", "infrastructure-components.yaml"), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ps, err := Resolve(tt.path, Options{Dir: tt.dir})
			if err != nil {
				t.Fatal(err)
			}
			if got := labels(ps); got != want {
				t.Errorf("providers = %s, want %s", got, want)
			}
			files, err := ps[0].Files(context.Background(), "v1.0.0")
			if err != nil || strings.Join(files, ",") != "infrastructure-components.yaml,metadata.yaml" {
				t.Errorf("files = %v, %v (sha256 bookkeeping must be skipped)", files, err)
			}
		})
	}
}

func TestResolveMissing(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, p := range []string{filepath.Join(root, "nope"), filepath.Join(root, "a", "b", "c", "d.yaml")} {
		if _, err := Resolve(p, Options{}); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "does not exist") {
			t.Errorf("Resolve(%s) = %v, want a missing-path error", p, err)
		}
	}
	if _, err := Resolve(root, Options{}); !errors.Is(err, ErrNoProviders) {
		t.Errorf("empty folder: %v, want ErrNoProviders", err)
	}
}
