package source

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/httpx"
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

func labels(ps []Provider) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Label+"@"+p.Root+":"+p.File)
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
			files, err := ps[0].Reader.Files(context.Background(), "v1.0.0")
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

func TestLocalRefusesLinks(t *testing.T) {
	t.Parallel()
	root := buildOutput(t)
	outside := tree(t, map[string]string{"secret": "shadow"})
	ver := filepath.Join(root, "infrastructure-foo", "v1.0.0")
	if err := os.Symlink(filepath.Join(outside, "secret"), filepath.Join(ver, "cluster-template.yaml")); err != nil {
		t.Fatal(err)
	}
	r := NewLocal(root, "infrastructure-foo", 0)
	if _, err := r.File(context.Background(), "v1.0.0", "cluster-template.yaml"); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("File through a link = %v, want refused", err)
	}
	if _, err := r.Files(context.Background(), "v1.0.0"); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("Files with a link = %v, want refused", err)
	}
	if err := os.Symlink(ver, filepath.Join(root, "infrastructure-foo", "v1.1.0")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.File(context.Background(), "v1.1.0", "metadata.yaml"); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("File in a linked version = %v, want refused", err)
	}
}

func TestLocalSizeCap(t *testing.T) {
	t.Parallel()
	root := tree(t, map[string]string{
		"bootstrap-x/v1.0.0/metadata.yaml":             md + "#" + strings.Repeat("x", int(httpx.MaxMetadataSize)),
		"bootstrap-x/v1.0.0/bootstrap-components.yaml": strings.Repeat("x", 2048),
	})
	r := NewLocal(root, "bootstrap-x", 1024)
	_, err := r.File(context.Background(), "v1.0.0", "metadata.yaml")
	if !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "1 MiB") || !strings.Contains(err.Error(), "metadata.yaml") {
		t.Errorf("metadata.yaml over its cap: %v", err)
	}
	_, err = r.File(context.Background(), "v1.0.0", "bootstrap-components.yaml")
	if !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "1 KiB") {
		t.Errorf("components over the cap: %v", err)
	}
}
