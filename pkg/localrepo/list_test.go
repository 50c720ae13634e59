package localrepo_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// linked is a folder holding folders, files, hidden and "_" names, and a symbolic
// link to a folder (link-dir) or to a file (link-file), in no sorted order.
func linked(t *testing.T, link string) string {
	t.Helper()
	dir := t.TempDir()
	tree.WriteIn(t, dir, map[string]string{"zeta/x": "", "alpha/x": "", "_docs/x": "", ".staging/x": "",
		"b.yaml": "b", "a.yaml": "a", ".hidden.yaml": "h", "_under.yaml": "u", "sha256": "s"})
	target := map[string]string{"link-dir": "alpha", "link-file": "a.yaml"}[link]
	if target != "" {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skipf("symlinks unsupported: %v", err)
		}
	}
	return dir
}

func TestList(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, link string
		l          localrepo.Listing
		want       []string
		wantErr    string // with the link's path
	}{
		{"folders, links passed over as clusterctl does", "link-dir", localrepo.Listing{}, []string{"_docs", "alpha", "zeta"}, ""},
		{"folders without _ names", "", localrepo.Listing{Underscore: true, Refuse: localrepo.RefuseLinks}, []string{"alpha", "zeta"}, ""},
		{"files beside folders are passed over", "", localrepo.Listing{Underscore: true, Refuse: localrepo.RefuseOther}, []string{"alpha", "zeta"}, ""},
		{"folder link refused", "link-dir", localrepo.Listing{Refuse: localrepo.RefuseLinks}, nil, "a symbolic link, not a folder"},
		{"files", "link-file", localrepo.Listing{Files: true}, []string{"_under.yaml", "a.yaml", "b.yaml", "sha256"}, ""},
		{"files, folders passed over", "", localrepo.Listing{Files: true, Refuse: localrepo.RefuseLinks}, []string{"_under.yaml", "a.yaml", "b.yaml", "sha256"}, ""},
		{"file link refused", "link-file", localrepo.Listing{Files: true, Refuse: localrepo.RefuseLinks}, nil, "a symbolic link, not a regular file"},
		{"folder among files refused", "", localrepo.Listing{Files: true, Refuse: localrepo.RefuseOther}, nil, "a folder, not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := linked(t, tt.link)
			got, err := localrepo.List(dir, tt.l)
			if tt.wantErr == "" {
				if err != nil || !reflect.DeepEqual(got, tt.want) {
					t.Errorf("List = %q, %v; want %q", got, err, tt.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), dir+string(filepath.Separator)) {
				t.Errorf("List = %q, %v; want an error naming a path in %s with %q", got, err, dir, tt.wantErr)
			}
		})
	}
}

func TestListMissingFolder(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "missing")
	if _, err := localrepo.List(dir, localrepo.Listing{}); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), dir) {
		t.Errorf("List(missing) = %v, want fs.ErrNotExist naming %s", err, dir)
	}
}

func TestReleaseFiles(t *testing.T) {
	t.Parallel()
	dir := linked(t, "")
	if err := os.RemoveAll(filepath.Join(dir, "alpha")); err != nil {
		t.Fatal(err)
	}
	got, err := localrepo.ReleaseFiles(dir, localrepo.RefuseLinks)
	if want := []string{"_under.yaml", "a.yaml", "b.yaml"}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("ReleaseFiles = %q, %v; want %q (the checksum file aside)", got, err, want)
	}
	if _, err := localrepo.ReleaseFiles(dir, localrepo.RefuseOther); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "_docs")) {
		t.Errorf("ReleaseFiles(RefuseOther) = %v, want the folder _docs refused", err)
	}
}

func write(t *testing.T, root string, files ...string) {
	t.Helper()
	for _, p := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			os.MkdirAll(full, 0o755)
			continue
		}
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte("releaseSeries:\n- {major: 0, minor: 1, contract: v1beta1}\n- {major: 0, minor: 2, contract: v1beta1}\n- {major: 0, minor: 3, contract: v1beta1}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestLabelsAndVersions(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, root, "infrastructure-foo/v0.1.0/metadata.yaml", "infrastructure-foo/v0.2.0/metadata.yaml",
		"infrastructure-foo/v0.3.0-rc.0/metadata.yaml", "infrastructure-foo/junk/", "infrastructure-foo/v9.9.9",
		"infrastructure-foo/.v1.0.0.tmp-x/", "infrastructure-foo/v0.2.0/sha256", "infrastructure-foo/v0.2.0/dir.yaml/", "bootstrap-b/", ".hidden/")
	if got, err := localrepo.Labels(root); err != nil || !reflect.DeepEqual(got, []string{"bootstrap-b", "infrastructure-foo"}) {
		t.Errorf("Labels = %v, %v", got, err)
	}
	if got, err := localrepo.Versions(root, "infrastructure-foo"); err != nil || !reflect.DeepEqual(got, []string{"v0.1.0", "v0.2.0", "v0.3.0-rc.0"}) {
		t.Errorf("Versions = %v, %v (want semver folders only, as clusterctl)", got, err)
	}
	if _, err := localrepo.Versions(root, "../infrastructure-foo"); err == nil {
		t.Error("Versions with a label escaping the root succeeded")
	}
	if _, err := localrepo.Versions(root, "infrastructure-missing"); err == nil {
		t.Error("Versions of a missing provider succeeded, want clusterctl's listing error")
	}
}
