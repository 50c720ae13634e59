package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

const (
	comps    = "infrastructure-components.yaml"
	nsOnly   = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n"
	crdV1b2  = "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: fooclusters.infrastructure.cluster.x-k8s.io\n  labels: {cluster.x-k8s.io/v1beta2: v1}\nspec:\n  group: infrastructure.cluster.x-k8s.io\n  names: {kind: FooCluster, plural: fooclusters}\n  scope: Namespaced\n  versions: [{name: v1, served: true, storage: true}]\n"
	blockVar = "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\nspec:\n  paused: false\n  ${EXTRA_SPEC}\n"
)

// generatedScenarios are the rules without a reusable fixture elsewhere.
func generatedScenarios() map[string]ruleScenario {
	return map[string]ruleScenario{
		"yaml-parse":                       lintReleaseFolder("v1.0.0", map[string]string{"metadata.yaml": meta("1.0 v1beta1"), "cluster-template.yaml": "kind: [\n"}),
		"yaml-duplicate-key":               lintReleaseFolder("v1.0.0", map[string]string{"metadata.yaml": meta("1.0 v1beta1"), "cluster-template.yaml": "kind: ConfigMap\nkind: ConfigMap\n"}),
		"yaml-not-string":                  lintReleaseFolder("v1.0.0", map[string]string{"metadata.yaml": meta("1.0 v1beta1"), "cluster-template.yaml": "kind: ConfigMap\nmetadata:\n  labels: {a: yes}\n"}),
		"yaml-key-renamed":                 lintReleaseFolder("v1.0.0", map[string]string{"metadata.yaml": meta("1.0 v1beta1"), "cluster-template.yaml": "kind: ConfigMap\ndata:\n  on: a\n"}),
		"yaml-read-by-clusterctl-only":     lintReleaseFolder("v1.0.0", map[string]string{"metadata.yaml": meta("1.0 v1beta1"), "cluster-template.yaml": "{kind: ConfigMap} junk\n"}),
		"template-yaml-after-substitution": lintReleaseFolder("v1.0.0", map[string]string{"metadata.yaml": meta("1.0 v1beta1"), "cluster-template.yaml": blockVar}),
		"metadata-version-series":          lintReleaseFolder("v1.1.0", map[string]string{"metadata.yaml": meta("1.0 v1beta1")}),
		"metadata-crd-contract":            lintReleaseFolder("v1.0.0", map[string]string{"metadata.yaml": meta("1.0 v1beta1"), comps: nsOnly + crdV1b2}),
		"metadata-crd-contract-compat":     lintReleaseFolder("v1.0.0", map[string]string{"metadata.yaml": meta("1.0 v1beta2"), comps: nsOnly + strings.ReplaceAll(crdV1b2, "v1beta2: v1", "v1beta1: v1")}),
		"metadata-contract-support":        lintMetadata(meta("1.0 v1alpha4")),
		"provider-identity": lintReleaseFolder("v1.0.0", map[string]string{"metadata.yaml": meta("1.0 v1beta1"),
			comps: "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n  labels: {cluster.x-k8s.io/provider: bootstrap-foo}\n"}),
		"provider-identity-missing": func(t *testing.T) []string { // a flat copy in out/: no version
			return []string{"lint", "--format", "json", filepath.Join(releaseFolder(t, "copy", "out", map[string]string{comps: nsOnly}), "copy", "out")}
		},
		"metadata-contract-v1beta2": lintMetadata(meta("1.0 v1beta2")),
		"metadata-cumulative": func(t *testing.T) []string {
			return []string{"metadata", "check", "--config", tinyConfig(t, nil), "--version", "v1.0.0", "--published", "v0.9.0"}
		},
		"metadata-history": func(t *testing.T) []string {
			return []string{"metadata", "check", "--config", tinyConfig(t, nil), "--version", "v1.0.0"}
		},
		"metadata-cumulative-old": func(t *testing.T) []string {
			dir := sampleTree(t, nil)
			meta := filepath.Join(dir, "metadata.yaml")
			body := readFile(t, meta)
			if err := os.Remove(meta); err != nil {
				t.Fatal(err)
			}
			gitIn(t, dir, "init", "-q")
			gitIn(t, dir, "add", "-A")
			gitIn(t, dir, "commit", "-q", "-m", "before metadata.yaml")
			gitIn(t, dir, "tag", "v0.1.0")
			writeText(t, meta, body)
			gitIn(t, dir, "add", "-A")
			gitIn(t, dir, "commit", "-q", "-m", "metadata.yaml")
			return []string{"metadata", "check", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0"}
		},
		"kustomize-deprecated": buildTiny(func(f map[string]string) {
			f["config/kustomization.yaml"] = "namespace: tiny-system\nresources: [all.yaml]\ncommonLabels: {team: a}\n"
		}),
		"provider-type-label": buildTiny(func(f map[string]string) {
			f["config/kustomization.yaml"] = "namespace: tiny-system\nresources: [all.yaml]\nlabels:\n- pairs: {cluster.x-k8s.io/provider: bootstrap-other}\n"
		}),
		"templates-folder-empty": buildTiny(func(f map[string]string) {
			f["capirepo.yaml"] += "  templates:\n  - path: templates/empty\n"
			f["templates/empty/README.md"] = "nothing here\n"
		}),
		"repo-no-versions":        verifyTree(map[string]string{"README/": ""}),
		"repo-version-not-semver": verifyTree(versionDir("v0.1.0", "0.1", "junk/")),
		"repo-version-prefix":     verifyTree(versionDir("0.1.0", "0.1")),
		"repo-version-uppercase":  verifyTree(versionDir("v0.1.0", "0.1"), versionDir("v0.1.0-RC.1", "0.1")),
		"repo-metadata-missing":   verifyTree(versionDir("v0.1.0", "0.1"), map[string]string{"v0.2.0/" + comps: nsOnly}),
		"repo-components-missing": verifyTree(versionDir("v0.1.0", "0.1"), map[string]string{"v0.2.0/metadata.yaml": meta("0.1 v1beta1", "0.2 v1beta1")}),
		"repo-file-unreadable": verifyTree(versionDir("v0.1.0", "0.1"), map[string]string{"v0.2.0/" + comps: nsOnly,
			"v0.2.0/metadata.yaml": meta("0.1 v1beta1", "0.2 v1beta1") + "#" + strings.Repeat("x", int(httpx.MaxMetadataSize))}), // over its read cap
		"repo-metadata-invalid":        verifyTree(map[string]string{"v0.1.0/" + comps: nsOnly, "v0.1.0/metadata.yaml": "releaseSeries: {major: ["}),
		"repo-version-not-in-metadata": verifyTree(versionDir("v0.1.0", "0.1"), map[string]string{"v0.2.0/" + comps: nsOnly, "v0.2.0/metadata.yaml": meta("0.1 v1beta1")}),
		"repo-upgrade-series":          verifyTree(versionDir("v0.1.0", "0.1"), map[string]string{"v0.2.0/" + comps: nsOnly, "v0.2.0/metadata.yaml": meta("0.2 v1beta1")}),
		"repo-latest":                  verifyTree(map[string]string{"v0.1.0/" + comps: nsOnly}),
		"repo-latest-prerelease":       verifyTree(versionDir("v0.2.0", "0.2", "0.3"), versionDir("v0.3.0-rc.0", "0.3")),
		"repo-latest-other-contract":   verifyTree(map[string]string{"v2.0.0/" + comps: nsOnly, "v2.0.0/metadata.yaml": meta("1.0 v1beta1", "2.0 v1beta2")}),
		"repo-latest-differs":          verifyTree(versionDir("v0.2.0", "0.2", "0.3"), versionDir("v0.3.0-rc.0", "0.3")),
		"repo-config-url":              func(t *testing.T) []string { return []string{"verify", movedRepo(t, "")} }, // still names its old place
		"repo-config-elsewhere": func(t *testing.T) []string { // a repository whose clusterctl.yaml names another one's files
			a, b := localRepo(t, keep), localRepo(t, keep)
			writeText(t, filepath.Join(b, "clusterctl.yaml"), readFile(t, filepath.Join(a, "clusterctl.yaml")))
			return []string{"verify", b}
		},
		"signature": func(t *testing.T) []string { // an unsigned version, verified with a key
			_, pub := sigstore.KeyPair(t, "")
			key := filepath.Join(t.TempDir(), "cosign.pub")
			writeFile(t, key, pub)
			return append(verifyTree(versionDir("v0.1.0", "0.1"))(t), "--key", key)
		},
	}
}

// buildTiny builds the tiny provider with one change applied.
func buildTiny(edit func(map[string]string)) ruleScenario {
	return func(t *testing.T) []string {
		cfg := tinyConfig(t, edit)
		return []string{"build", "--config", cfg, "--version", "v1.0.0", "--published", "", "--out", filepath.Join(t.TempDir(), "dist")}
	}
}

// versionDir is one version folder of infrastructure-foo with its metadata series (v1beta1).
func versionDir(version string, series ...string) map[string]string {
	var s []string
	for _, x := range series {
		if !strings.HasSuffix(x, "/") {
			s = append(s, x+" v1beta1")
		}
	}
	files := map[string]string{version + "/" + comps: nsOnly, version + "/metadata.yaml": meta(s...)}
	for _, x := range series {
		if strings.HasSuffix(x, "/") {
			files[x] = ""
		}
	}
	return files
}

// verifyTree writes ROOT/infrastructure-foo/ from the trees ("dir/" = an empty folder)
// and verifies it as clusterctl's latest URL.
func verifyTree(trees ...map[string]string) ruleScenario {
	return func(t *testing.T) []string {
		root := t.TempDir()
		for _, tree := range trees {
			for name, body := range tree {
				p := filepath.Join(root, "infrastructure-foo", name)
				if strings.HasSuffix(name, "/") {
					if err := os.MkdirAll(p, 0o755); err != nil {
						t.Fatal(err)
					}
					continue
				}
				writeText(t, p, body)
			}
		}
		return []string{"verify", "--format", "json", filepath.Join(root, "infrastructure-foo", "latest", comps)}
	}
}
