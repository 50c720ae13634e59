package source

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/verify"
)

// series is a metadata.yaml naming the v0.1-v0.3 series.
const series = "releaseSeries:\n- {major: 0, minor: 1, contract: v1beta1}\n- {major: 0, minor: 2, contract: v1beta1}\n- {major: 0, minor: 3, contract: v1beta1}\n"

// TestLocalReadsLikeClusterctl reads files the way clusterctl's local repository
// does: bookkeeping, hidden entries and folders are not files, a missing file is
// fs.ErrNotExist, a folder in a file's place and escaping names are errors.
func TestLocalReadsLikeClusterctl(t *testing.T) {
	t.Parallel()
	root := tree(t, map[string]string{
		"infrastructure-foo/v0.2.0/metadata.yaml": series, "infrastructure-foo/v0.2.0/sha256": "x",
		"infrastructure-foo/v0.2.0/.hidden": "x", "infrastructure-foo/v0.1.0/metadata.yaml": series,
	})
	if err := os.Mkdir(filepath.Join(root, "infrastructure-foo", "v0.2.0", "dir.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	r, ctx := NewLocal(root, "infrastructure-foo", 0), t.Context()
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
	if _, err := NewLocal(root, "../infrastructure-foo", 0).Versions(ctx); err == nil {
		t.Error("Versions with a label escaping the root succeeded")
	}
}

// TestLocalWithVerify runs verify over a local repository: the example of
// clusterctl-consumer.md §1, tested with real clusterctl v1.9.6 and v1.14.0.
func TestLocalWithVerify(t *testing.T) {
	t.Parallel()
	root := tree(t, map[string]string{
		"infrastructure-foo/v0.1.0/metadata.yaml": series, "infrastructure-foo/v0.2.0/metadata.yaml": series,
		"infrastructure-foo/v0.3.0-rc.0/metadata.yaml": series, "infrastructure-foo/junk/.keep": "",
	})
	var src verify.Source = NewLocal(root, "infrastructure-foo", 0)
	if _, ok := src.(verify.Lister); !ok {
		t.Error("Local does not offer verify.Lister")
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
