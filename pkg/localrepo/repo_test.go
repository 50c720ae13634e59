package localrepo_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/localrepo"
)

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
