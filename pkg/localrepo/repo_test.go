package localrepo

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// series is a metadata.yaml naming the v0.1-v0.3 series.
const series = "releaseSeries:\n- {major: 0, minor: 1, contract: v1beta1}\n- {major: 0, minor: 2, contract: v1beta1}\n- {major: 0, minor: 3, contract: v1beta1}\n"

const md = "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n"

// buildOutput is a build output folder with one provider.
var buildOutput = map[string]string{
	"clusterctl.yaml":                                          "providers: []\n",
	"infrastructure-foo/v1.0.0/metadata.yaml":                  md,
	"infrastructure-foo/v1.0.0/infrastructure-components.yaml": "kind: Namespace\n",
	"infrastructure-foo/v1.0.0/sha256":                         "x  metadata.yaml\n",
}

// Repo is the local kind of repository.Repository.
var _ repository.Repository = (*Repo)(nil)

// TestLocalReadsLikeClusterctl reads files the way clusterctl's local repository
// does: bookkeeping, hidden entries and folders are not files, a missing file is
// fs.ErrNotExist, a folder in a file's place and escaping names are errors.
func TestLocalReadsLikeClusterctl(t *testing.T) {
	t.Parallel()
	root := tree.Write(t, map[string]string{
		"infrastructure-foo/v0.2.0/metadata.yaml": series, "infrastructure-foo/v0.2.0/sha256": "x",
		"infrastructure-foo/v0.2.0/.hidden": "x", "infrastructure-foo/v0.1.0/metadata.yaml": series,
	})
	if err := os.Mkdir(filepath.Join(root, "infrastructure-foo", "v0.2.0", "dir.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	r, ctx := NewRepo(root, "infrastructure-foo", 0), t.Context()
	if got, err := r.Files(ctx, "v0.2.0"); err != nil || !reflect.DeepEqual(got, []string{"metadata.yaml"}) {
		t.Errorf("Files = %v, %v", got, err)
	}
	if _, err := r.File(ctx, "v0.2.0", "missing.yaml"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("File(missing) = %v, want fs.ErrNotExist", err)
	}
	if _, err := r.File(ctx, "v0.2.0", "dir.yaml"); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("File(folder) = %v, want a 'folder, not a file' error", err)
	}
	if _, err := r.File(ctx, "v0.2.0", "../v0.1.0/metadata.yaml"); err == nil {
		t.Error("File with a path escaping the version folder succeeded")
	}
	if _, err := r.File(ctx, "..", "metadata.yaml"); err == nil {
		t.Error("File with version \"..\" succeeded")
	}
	if _, err := NewRepo(root, "../infrastructure-foo", 0).Versions(ctx); err == nil {
		t.Error("Versions with a label escaping the root succeeded")
	}
}

func TestLocalRefusesLinks(t *testing.T) {
	t.Parallel()
	root := tree.Write(t, buildOutput)
	outside := tree.Write(t, map[string]string{"secret": "shadow"})
	ver := filepath.Join(root, "infrastructure-foo", "v1.0.0")
	if err := os.Symlink(filepath.Join(outside, "secret"), filepath.Join(ver, "cluster-template.yaml")); err != nil {
		t.Fatal(err)
	}
	r := NewRepo(root, "infrastructure-foo", 0)
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
	root := tree.Write(t, map[string]string{
		"bootstrap-x/v1.0.0/metadata.yaml":             md + "#" + strings.Repeat("x", int(httpx.MaxMetadataSize)),
		"bootstrap-x/v1.0.0/bootstrap-components.yaml": strings.Repeat("x", 2048),
	})
	r := NewRepo(root, "bootstrap-x", 1024)
	_, err := r.File(context.Background(), "v1.0.0", "metadata.yaml")
	if !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "1 MiB") || !strings.Contains(err.Error(), "metadata.yaml") {
		t.Errorf("metadata.yaml over its cap: %v", err)
	}
	_, err = r.File(context.Background(), "v1.0.0", "bootstrap-components.yaml")
	if !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "1 KiB") {
		t.Errorf("components over the cap: %v", err)
	}
}
