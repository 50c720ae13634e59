package configmap

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

func TestInstallsReadsBackWhatRenderWrote(t *testing.T) {
	big := padded(MaxSize + 10)
	cms := append(upgradeSet(t), mustNew(t, rel(layout.InfrastructureProvider, "big", "v1.2.0", big), "big-system"))
	c, err := ReadDir(writeFolder(t, cms...))
	if err != nil {
		t.Fatal(err)
	}
	ins, err := c.Installs()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Install{}
	for _, in := range ins {
		got[in.Provider] = in
	}
	if len(got) != 3 {
		t.Fatalf("installs %v, want 3", got)
	}
	s := got["InfrastructureProvider sample-system/sample"]
	if s.Version != "v1.3.0" || strings.Join(s.Versions, " ") != "v1.2.1 v1.3.0" || s.Contract != "v1beta2" || s.Compressed {
		t.Errorf("sample: %+v", s)
	}
	b := got["InfrastructureProvider big-system/big"]
	if !b.Compressed || string(b.Components) != big || b.Contract != "v1beta1" {
		t.Errorf("big: compressed %v, contract %s, components %d bytes, want %d", b.Compressed, b.Contract, len(b.Components), len(big))
	}
}

func TestInstallsWithoutProviderObjects(t *testing.T) {
	dir := writeFolder(t, upgradeSet(t)...)
	for _, f := range []string{"20-provider-core-cluster-api.yaml", "20-provider-infrastructure-sample.yaml"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	c, _ := ReadDir(dir)
	ins, err := c.Installs()
	if err != nil || len(ins) != 2 || ins[0].Where != "" {
		t.Fatalf("installs %+v, %v", ins, err)
	}
}

// folderWith writes the rendered upgradeSet, then file with content.
func folderWith(t *testing.T, file, content string) string {
	dir := writeFolder(t, upgradeSet(t)...)
	if err := os.WriteFile(filepath.Join(dir, file), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// latest is the sample provider object without spec.version: the operator picks the newest.
const latest = "apiVersion: operator.cluster.x-k8s.io/v1alpha2\nkind: InfrastructureProvider\nmetadata:\n  name: sample\n  namespace: sample-system\nspec:\n  fetchConfig:\n    selector:\n      matchLabels:\n        provider.cluster.x-k8s.io/name: sample\n---\n"

const cmHead = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s\n  namespace: sample-system\n  labels:\n    provider.cluster.x-k8s.io/name: sample\n    provider.cluster.x-k8s.io/type: infrastructure\n"

func TestInstallsRefusesWhatTheOperatorRefuses(t *testing.T) {
	for name, tc := range map[string]struct{ file, content, want string }{
		"bad version label": {"10-configmap-x.yaml", strings.Replace(cmHead, "%s", "x", 1) + "    provider.cluster.x-k8s.io/version: latest\ndata:\n  metadata: x\n", `version "latest" (from the label`},
		"bad version name":  {"10-configmap-x.yaml", strings.Replace(cmHead, "%s", "x", 1) + "data:\n  metadata: x\n", `version "x" (from its name)`},
		"no metadata":       {"10-configmap-x.yaml", strings.Replace(cmHead, "%s", "v1.4.0", 1) + "data:\n  components: x\n", "has no data.metadata"},
		"same version":      {"10-configmap-x.yaml", strings.Replace(cmHead, "%s", "v1.3.0", 1) + "data:\n  metadata: x\n  components: x\n", "both hold version v1.3.0"},
		"no series":         {"20-provider-infrastructure-sample.yaml", latest + strings.Replace(cmHead, "%s", "v2.0.0", 1) + "data:\n  metadata: |\n    apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\n    kind: Metadata\n    releaseSeries:\n    - {major: 1, minor: 2, contract: v1beta1}\n  components: x\n", "does not match any release series"},
		"old contract":      {"20-provider-infrastructure-sample.yaml", latest + strings.Replace(cmHead, "%s", "v2.0.0", 1) + "data:\n  metadata: |\n    apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\n    kind: Metadata\n    releaseSeries:\n    - {major: 2, minor: 0, contract: v1alpha4}\n  components: x\n", "declares contract v1alpha4"},
		"bad gzip":          {"20-provider-infrastructure-sample.yaml", latest + strings.Replace(cmHead, "%s", "v1.3.5", 1) + "  annotations:\n    provider.cluster.x-k8s.io/compressed: \"true\"\ndata:\n  metadata: |\n" + indent(testMetadata) + "binaryData:\n  components: aGVsbG8=\n", "not gzip data"},
		"missing version":   {"20-provider-infrastructure-sample.yaml", "apiVersion: operator.cluster.x-k8s.io/v1alpha2\nkind: InfrastructureProvider\nmetadata:\n  name: sample\n  namespace: sample-system\nspec:\n  version: v1.9.0\n  fetchConfig:\n    selector:\n      matchLabels:\n        provider.cluster.x-k8s.io/name: sample\n", "spec.version v1.9.0 has no ConfigMap"},
		"core name":         {"20-provider-core-capi.yaml", "apiVersion: operator.cluster.x-k8s.io/v1alpha2\nkind: CoreProvider\nmetadata:\n  name: capi\n  namespace: capi-system\n", "CoreProvider not named cluster-api"},
		"no match":          {"20-provider-infrastructure-sample.yaml", "apiVersion: operator.cluster.x-k8s.io/v1alpha2\nkind: InfrastructureProvider\nmetadata:\n  name: sample\n  namespace: elsewhere\n", "no ConfigMap in namespace elsewhere"},
	} {
		t.Run(name, func(t *testing.T) {
			c, err := ReadDir(folderWith(t, tc.file, tc.content))
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Installs()
			wantErr(t, err, tc.want)
		})
	}
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n    ") + "\n"
}
