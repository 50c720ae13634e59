package localrepo_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestReadFileRefusesLinks: a link anywhere below the root (the file, its version
// folder, its label folder) is refused, and the error names the link.
func TestReadFileRefusesLinks(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	tree.WriteIn(t, root, map[string]string{"infrastructure-a/v1.0.0/metadata.yaml": "m", "outside/secret.yaml": "s"})
	for _, l := range [][2]string{
		{filepath.Join(root, "outside", "secret.yaml"), "infrastructure-a/v1.0.0/extra.yaml"},
		{"v1.0.0", "infrastructure-a/v1.1.0"},
		{"infrastructure-a", "infrastructure-b"},
	} {
		if err := os.Symlink(l[0], filepath.Join(root, l[1])); err != nil {
			t.Skipf("symlinks unsupported: %v", err)
		}
	}
	for _, c := range [][4]string{
		{"infrastructure-a", "v1.0.0", "extra.yaml", "infrastructure-a/v1.0.0/extra.yaml"},
		{"infrastructure-a", "v1.1.0", "metadata.yaml", "infrastructure-a/v1.1.0"},
		{"infrastructure-b", "v1.0.0", "metadata.yaml", "infrastructure-b"},
	} {
		_, err := localrepo.ReadFile(root, c[0], c[1], c[2], httpx.MaxFileSize)
		link := filepath.Join(root, filepath.FromSlash(c[3]))
		if err == nil || !strings.Contains(err.Error(), link+" is a symbolic link") {
			t.Errorf("ReadFile(%s/%s/%s) = %v, want the link %s named", c[0], c[1], c[2], err, link)
		}
	}
	if data, err := localrepo.ReadFile(root, "infrastructure-a", "v1.0.0", "metadata.yaml", httpx.MaxFileSize); err != nil || string(data) != "m" {
		t.Errorf("ReadFile(real file) = %q, %v", data, err)
	}
}

func TestReadFileRefusesNames(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	tree.WriteIn(t, root, map[string]string{"infrastructure-a/v1.0.0/metadata.yaml": "m"})
	for _, c := range [][3]string{{"..", "v1.0.0", "metadata.yaml"}, {"infrastructure-a", "a/b", "metadata.yaml"}, {"infrastructure-a", "v1.0.0", "../v1.0.0/metadata.yaml"}} {
		if _, err := localrepo.ReadFile(root, c[0], c[1], c[2], httpx.MaxFileSize); err == nil || !strings.Contains(err.Error(), "not") {
			t.Errorf("ReadFile(%q) = %v, want refused", c, err)
		}
	}
	_, err := localrepo.ReadFile(root, "infrastructure-a", "v1.0.0", "missing.yaml", httpx.MaxFileSize)
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("ReadFile(missing) = %v, want fs.ErrNotExist naming the file", err)
	}
}

// TestReadCaps: ReadFile's limit, and ReadFiles' caps (repository.CapFor: metadata.yaml
// its own, every other file max), files in the order asked.
func TestReadCaps(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "bootstrap-x", "v1.0.0")
	tree.WriteIn(t, root, map[string]string{
		"bootstrap-x/v1.0.0/b.yaml": strings.Repeat("b", 1024), "bootstrap-x/v1.0.0/a.yaml": strings.Repeat("a", 1025),
		"bootstrap-x/v1.0.0/metadata.yaml": strings.Repeat("m", int(httpx.MaxMetadataSize)+1),
	})
	if _, err := localrepo.ReadFile(root, "bootstrap-x", "v1.0.0", "a.yaml", 1024); !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "a.yaml") {
		t.Errorf("ReadFile over its limit = %v, want ErrTooLarge naming a.yaml", err)
	}
	files, err := localrepo.ReadFiles(dir, []string{"b.yaml", "a.yaml"}, 2048)
	if err != nil || len(files) != 2 || files[0].Name != "b.yaml" || len(files[1].Data) != 1025 {
		t.Errorf("ReadFiles = %d files, %v; want b.yaml then a.yaml, whole", len(files), err)
	}
	if _, err := localrepo.ReadFiles(dir, []string{"b.yaml", "a.yaml"}, 1024); !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "a.yaml") {
		t.Errorf("ReadFiles over max = %v, want ErrTooLarge naming a.yaml", err)
	}
	if _, err := localrepo.ReadFiles(dir, []string{"metadata.yaml"}, 1<<30); !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "1 MiB") {
		t.Errorf("ReadFiles(metadata.yaml over 1 MiB) = %v, want its own cap", err)
	}
}
