package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestLintFlatFolderReportsMetadataOnce: a flat folder of two providers' components
// files beside one metadata.yaml reports each metadata.yaml finding once, and the
// findings of each components file as before.
func TestLintFlatFolderReportsMetadataOnce(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "v1.9.6")
	comp := "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${lower}\n  labels:\n    cluster.x-k8s.io/provider: "
	files := map[string]string{
		"core-components.yaml":      comp + "cluster-api\n",
		"bootstrap-components.yaml": comp + "bootstrap-kubeadm\n",
		"metadata.yaml":             "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nfoo: ${BAR}\n",
	}
	tree.WriteIn(t, dir, files)
	_, stdout, stderr := run(t, "lint", dir)
	count := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		count[line]++
		if count[line] > 1 {
			t.Errorf("reported twice: %s", line)
		}
	}
	for _, want := range []string{"metadata.yaml:3: warning vars-metadata", "metadata.yaml:3: warning metadata-unknown-field",
		"core-components.yaml:4: warning vars-name", "bootstrap-components.yaml:4: warning vars-name"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s%s", want, stdout, stderr)
		}
	}
}

// TestLintFlatFolderNamesTheProviderOfCRDs: in a flat folder the providers share one
// metadata.yaml, so a finding about one provider's CRD labels names that provider.
func TestLintFlatFolderNamesTheProviderOfCRDs(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "v1.9.6")
	crd := func(provider, contract, group, kind string) string { // a contract kind: its labels are read
		return "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: things." + group + "\n  labels:\n" +
			"    cluster.x-k8s.io/provider: " + provider + "\n    cluster.x-k8s.io/" + contract + ": v1\nspec:\n  group: " + group + "\n  names: {kind: " + kind + "}\n"
	}
	files := map[string]string{
		"core-components.yaml":      crd("cluster-api", "v1beta1", "infrastructure.cluster.x-k8s.io", "ThingCluster"),
		"bootstrap-components.yaml": crd("bootstrap-kubeadm", "v1beta2", "bootstrap.cluster.x-k8s.io", "ThingConfig"),
		"metadata.yaml": "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\n" +
			"releaseSeries:\n- major: 1\n  minor: 9\n  contract: v1beta2\n",
	}
	tree.WriteIn(t, dir, files)
	_, stdout, stderr := run(t, "lint", dir)
	if !strings.Contains(stdout, "but the CRDs of cluster-api are labelled cluster.x-k8s.io/v1beta1") {
		t.Errorf("no finding naming cluster-api's CRDs in\n%s%s", stdout, stderr)
	}
	if strings.Contains(stdout, "CRDs of bootstrap-kubeadm") {
		t.Errorf("bootstrap-kubeadm's CRDs carry the declared contract, yet a finding names them:\n%s", stdout)
	}
}

// TestLintFlatCopyOfARelease: `lint rel/v1.9.6` of a flat copy of a kubeadm-style
// bootstrap release (pkg/check's testdata) names bootstrap-kubeadm from the file: no
// provider-label warning naming the folder, and the bootstrap contract checks run (a
// template CRD without its contract label is crd-contract-label, exit 1).
func TestLintFlatCopyOfARelease(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "rel", "v1.9.6")
	comps := readFile(t, "../check/testdata/kubeadm-bootstrap/bootstrap-components.yaml")
	comps = strings.Replace(comps, "    cluster.x-k8s.io/v1beta1: v1beta1\n  name: kubeadmconfigtemplates", "  name: kubeadmconfigtemplates", 1)
	tree.WriteIn(t, dir, map[string]string{"bootstrap-components.yaml": comps,
		"metadata.yaml": readFile(t, "../check/testdata/kubeadm-bootstrap/metadata.yaml")})
	code, stdout, stderr := run(t, "lint", dir)
	if code != ExitFindings || !strings.Contains(stdout, "bootstrap-components.yaml:126: error crd-contract-label: CustomResourceDefinition kubeadmconfigtemplates") {
		t.Errorf("exit %d; want 1 with crd-contract-label on the template CRD:\n%s%s", code, stdout, stderr)
	}
	if strings.Contains(stdout, "warning") || strings.Contains(stdout, `"rel"`) {
		t.Errorf("a warning, or the folder taken as the provider:\n%s", stdout)
	}
}

// A folder of release files without metadata.yaml is a release clusterctl cannot
// install: lint says so once, naming where the file belongs, in both folder forms.
func TestLintReleaseFolderWithoutMetadata(t *testing.T) {
	t.Parallel()
	comps := readFile(t, "../check/testdata/kubeadm-bootstrap/bootstrap-components.yaml")
	for _, rel := range []string{"rel/v1.9.6", "bootstrap-kubeadm/v1.9.6"} {
		dir := filepath.Join(t.TempDir(), rel)
		tree.WriteIn(t, dir, map[string]string{"bootstrap-components.yaml": comps})
		code, stdout, stderr := run(t, "lint", dir)
		want := filepath.Join(dir, "metadata.yaml") + ": error repo-metadata-missing: metadata.yaml is missing"
		if code != ExitFindings || strings.Count(stdout, "error repo-metadata-missing:") != 1 || !strings.Contains(stdout, want) {
			t.Errorf("%s: exit %d; want 1 and one %q:\n%s%s", rel, code, want, stdout, stderr)
		}
		if code, stdout, _ := run(t, "lint", "--disable", "repo-metadata-missing", dir); code != ExitOK {
			t.Errorf("%s --disable repo-metadata-missing: exit %d:\n%s", rel, code, stdout)
		}
	}
}
