package local_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/capirepo/capirepo/pkg/verify"
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

func TestRepo(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, root, "infrastructure-foo/v0.1.0/metadata.yaml", "infrastructure-foo/v0.2.0/metadata.yaml",
		"infrastructure-foo/v0.3.0-rc.0/metadata.yaml", "infrastructure-foo/junk/", "infrastructure-foo/v9.9.9",
		"infrastructure-foo/.v1.0.0.tmp-x/", "infrastructure-foo/v0.2.0/sha256", "infrastructure-foo/v0.2.0/dir.yaml/", "bootstrap-b/", ".hidden/")
	repo := local.Repo{Root: root}
	ctx := t.Context()

	if got, err := repo.Labels(ctx); err != nil || !reflect.DeepEqual(got, []string{"bootstrap-b", "infrastructure-foo"}) {
		t.Errorf("Labels = %v, %v", got, err)
	}
	if got, err := repo.Versions(ctx, "infrastructure-foo"); err != nil || !reflect.DeepEqual(got, []string{"v0.1.0", "v0.2.0", "v0.3.0-rc.0"}) {
		t.Errorf("Versions = %v, %v (want semver folders only, as clusterctl)", got, err)
	}
	if got, err := repo.Files(ctx, "infrastructure-foo", "v0.2.0"); err != nil || !reflect.DeepEqual(got, []string{"metadata.yaml"}) {
		t.Errorf("Files = %v, %v", got, err)
	}
	if _, err := repo.File(ctx, "infrastructure-foo", "v0.2.0", "missing.yaml"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("File(missing) = %v, want fs.ErrNotExist", err)
	}
	if _, err := repo.File(ctx, "infrastructure-foo", "v0.2.0", "dir.yaml"); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("File(folder) = %v, want a 'folder, not a file' error", err)
	}
	if _, err := repo.File(ctx, "infrastructure-foo", "v0.2.0", "../v0.1.0/metadata.yaml"); err == nil {
		t.Error("File with a path escaping the version folder succeeded")
	}
	if _, err := repo.File(ctx, "infrastructure-foo", "..", "metadata.yaml"); err == nil {
		t.Error("File with version \"..\" succeeded")
	}
	if _, err := repo.Versions(ctx, "../infrastructure-foo"); err == nil {
		t.Error("Versions with a label escaping the root succeeded")
	}
	if _, err := repo.Versions(ctx, "infrastructure-missing"); err == nil {
		t.Error("Versions of a missing provider succeeded, want clusterctl's listing error")
	}
}

// TestProviderSourceWithVerify runs verify over a local repository: the example
// of clusterctl-consumer.md §1, tested with real clusterctl v1.9.6 and v1.14.0.
func TestProviderSourceWithVerify(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, root, "infrastructure-foo/v0.1.0/metadata.yaml", "infrastructure-foo/v0.2.0/metadata.yaml",
		"infrastructure-foo/v0.3.0-rc.0/metadata.yaml", "infrastructure-foo/junk/")
	var src verify.Source = local.Repo{Root: root}.Provider("infrastructure-foo")
	if _, ok := src.(verify.Lister); !ok {
		t.Error("ProviderSource does not offer verify.Lister")
	}
	for contract, want := range map[string]string{verify.ContractV1Beta1: "v0.3.0-rc.0", verify.ContractV1Beta2: "v0.2.0"} {
		if got, err := verify.Latest(t.Context(), src, contract); err != nil || got != want {
			t.Errorf("Latest(%s) = %q, %v; want %q", contract, got, err, want)
		}
	}
	rep, err := verify.Provider(t.Context(), src, "infrastructure-foo", "infrastructure-components.yaml", verify.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]bool{}
	for _, f := range rep.AllFindings() {
		rules[f.Rule] = true
	}
	for _, want := range []string{verify.RuleNotSemver, verify.RuleComponentsMissing, verify.RuleLatestPrerelease} {
		if !rules[want] {
			t.Errorf("verify findings lack %s: %v", want, rep.AllFindings())
		}
	}
}
