package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
)

// kubeadmRelease is testdata/kubeadm-bootstrap (a release in the style of
// cluster-api's kubeadm bootstrap provider: bootstrap-components.yaml labelled
// bootstrap-kubeadm, CRDs in bootstrap.cluster.x-k8s.io, metadata.yaml), with edit.
func kubeadmRelease(t *testing.T, edit func(string) string) map[string]string {
	t.Helper()
	files := map[string]string{}
	for _, name := range []string{"bootstrap-components.yaml", "metadata.yaml"} {
		data, err := os.ReadFile(filepath.Join("testdata", "kubeadm-bootstrap", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(data)
	}
	files["bootstrap-components.yaml"] = edit(files["bootstrap-components.yaml"])
	return files
}

// lintFolder discovers and lints dir as `lint dir` does.
func lintFolder(t *testing.T, dir string) ([]Target, lint.Findings) {
	t.Helper()
	ts, err := Discover([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var fs lint.Findings
	for _, tg := range ts {
		fs = append(append(fs, tg.Findings...), Release(tg.Release, Options{Dir: tg.Dir, Partial: tg.Partial})...)
	}
	return ts, Once(ts, fs)
}

// TestLintFlatCopyNamesProviderFromFile: a flat copy of one provider's release (out/,
// rel/v1.9.6/) and its <label>/<version>/ folder are all linted as bootstrap-kubeadm,
// named from the components file, never the folder: no false provider-label warnings,
// and the checks only infrastructure, bootstrap and control-plane providers get (the
// CRD contract labels) run: removing a template CRD's contract label is an error in
// every form.
func TestLintFlatCopyNamesProviderFromFile(t *testing.T) {
	t.Parallel()
	noLabel := func(s string) string {
		return strings.Replace(s, "    cluster.x-k8s.io/v1beta1: v1beta1\n  name: kubeadmconfigtemplates", "  name: kubeadmconfigtemplates", 1)
	}
	for _, folder := range []string{"out", "rel/v1.9.6", "bootstrap-kubeadm/v1.9.6"} {
		for _, broken := range []bool{false, true} {
			edit := func(s string) string { return s }
			if broken {
				edit = noLabel
			}
			dir := filepath.Join(t.TempDir(), filepath.FromSlash(folder))
			writeFlat(t, dir, kubeadmRelease(t, edit))
			ts, fs := lintFolder(t, dir)
			if len(ts) != 1 || ts[0].Release.Label() != "bootstrap-kubeadm" || ts[0].Release.ComponentsFile != "bootstrap-components.yaml" {
				t.Fatalf("%s: targets %v; want one bootstrap-kubeadm release", folder, ts)
			}
			got := rules(fs)
			if want := strings.HasPrefix(folder, "out"); strings.Contains(got, "note:provider-identity-missing") != want {
				t.Errorf("%s: version note %v, want %v: %s", folder, !want, want, got)
			}
			if fs.Count(lint.Warning) > 0 || fs.HasErrors() != broken || broken && !strings.Contains(got, "error:crd-contract-label") {
				t.Errorf("%s (contract label removed: %v): %s", folder, broken, got)
			}
		}
	}
}

// TestLintLabelFolderDisagrees: the same files under infrastructure-foo/v1.9.6/ are
// still bootstrap-kubeadm (label, file name and CRD groups outvote the folder), with
// one provider-identity warning citing every piece of evidence.
func TestLintLabelFolderDisagrees(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "infrastructure-foo", "v1.9.6")
	writeFlat(t, dir, kubeadmRelease(t, func(s string) string { return s }))
	ts, fs := lintFolder(t, dir)
	if len(ts) != 1 || ts[0].Release.Label() != "bootstrap-kubeadm" {
		t.Fatalf("targets %v; want bootstrap-kubeadm", ts)
	}
	if len(fs) != 1 || fs[0].Rule != ruleIdentity.ID || fs[0].File != filepath.Join(dir, "bootstrap-components.yaml") {
		t.Fatalf("findings %s; want one provider-identity warning on the components file", rules(fs))
	}
	for _, cited := range []string{"cluster.x-k8s.io/provider: bootstrap-kubeadm", "folder infrastructure-foo/", "file name bootstrap-components.yaml", "CRD API groups of BootstrapProvider", "linted as bootstrap-kubeadm"} {
		if !strings.Contains(fs[0].Message, cited) {
			t.Errorf("message does not cite %q: %s", cited, fs[0].Message)
		}
	}
}

// TestIdentityFromEvidence: each case's components file is named by its evidence.
func TestIdentityFromEvidence(t *testing.T) {
	t.Parallel()
	crd := func(group string) string {
		return "---\nkind: CustomResourceDefinition\nspec:\n  group: " + group + "\n"
	}
	capa := ns("infrastructure-aws") + crd("infrastructure.cluster.x-k8s.io") + crd("bootstrap.cluster.x-k8s.io") + crd("controlplane.cluster.x-k8s.io")
	cases := []struct {
		file, data, folder string
		want, findings     string
	}{
		{"core-components.yaml", ns("cluster-api"), "", "cluster-api", ""},
		{"core-components.yaml", "kind: Namespace\n", "", "cluster-api", ""}, // a core provider is always cluster-api
		{"infrastructure-components.yaml", capa, "", "infrastructure-aws", ""},
		{"components.yaml", capa, "", "infrastructure-aws", ""},
		{"components.yaml", "kind: Namespace\n" + crd("bootstrap.example.com"), "", "bootstrap-unknown", "note:provider-identity-missing"},
		{"infrastructure-components.yaml", "kind: Namespace\n", "infrastructure-foo", "infrastructure-foo", ""},
		{"infrastructure-components.yaml", "kind: Namespace\n", "", "infrastructure-unknown", "note:provider-identity-missing"},
		{"components.yaml", "kind: Namespace\n", "", "infrastructure-unknown", "note:provider-identity-missing"},
		{"infrastructure-components.yaml", "metadata: {labels: {cluster.x-k8s.io/provider: ipam-in-cluster}}\n", "", "ipam-in-cluster", "warning:provider-identity"},
		{"ipam-components.yaml", ns("rel") + ns("ipam-in-cluster"), "rel", "ipam-in-cluster", ""}, // rel is no provider label
		{"bootstrap-components.yaml", ns("bootstrap-foo"), "control-plane-foo", "bootstrap-foo", "warning:provider-identity"},
	}
	for _, c := range cases {
		e := gather(releaseFile(c.file, c.data), c.folder)
		if _, ok := labelProvider(c.folder); !ok {
			e.folder = ""
		}
		p := e.identity()
		if got := rules(e.identityFindings(p, c.file)); p.Label() != c.want || got != c.findings {
			t.Errorf("%s %q in %q: %s with %q; want %s with %q", c.file, c.data, c.folder, p.Label(), got, c.want, c.findings)
		}
	}
}

func releaseFile(name, data string) release.File { return release.File{Name: name, Data: []byte(data)} }

// TestLintDotIsItsFolder: `lint .` (here DIR/.) in a version folder takes the version
// and the label folder from the folder's real name, not ".".
func TestLintDotIsItsFolder(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "bootstrap-kubeadm", "v1.9.6")
	writeFlat(t, dir, kubeadmRelease(t, func(s string) string { return s }))
	ts, fs := lintFolder(t, dir+string(filepath.Separator)+".")
	if len(ts) != 1 || ts[0].Release.Version.String() != "v1.9.6" || ts[0].Release.Label() != "bootstrap-kubeadm" || len(fs) != 0 {
		t.Fatalf("targets %v, findings %s; want bootstrap-kubeadm v1.9.6, clean", ts, rules(fs))
	}
}
