package bigtree

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

// CAPA writes a provider tree shaped like cluster-api-provider-aws's config/ (the
// kubebuilder layout, with its kustomize features: bases, patchesStrategicMerge,
// vars, commonLabels, configurations, a namePrefix and a namespace), whose
// components render to about 1.2 MB (the kinds of capaKinds) and raise as many findings as CAPA's
// (contract labels its commonLabels leave stale on every CRD, the deprecated fields,
// a variable with an operator), into a new temporary folder. It returns the
// capirepo.yaml (only components.kustomize and metadata) and the components folder.
func CAPA(tb testing.TB) (string, string) {
	tb.Helper()
	dir := tb.TempDir()
	files := map[string]string{
		"metadata.yaml": "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta2}\n",
		"capirepo.yaml": "providers:\n- name: gen\n  type: InfrastructureProvider\n  components: {kustomize: config/default}\n  metadata: " + layout.MetadataFile + "\n",
	}
	for name, body := range capaConfig {
		files[filepath.Join("config", name)] = body
	}
	crds, patches := capaCRDs()
	for name, body := range crds {
		files[filepath.Join("config/crd", name)] = body
	}
	files["config/crd/kustomization.yaml"] = capaCRDKustomization(crds, patches)
	for p, body := range files {
		write(tb, filepath.Join(dir, p), body)
	}
	return filepath.Join(dir, "capirepo.yaml"), filepath.Join(dir, "config", "default")
}

// capaCRDs are the CRD files (bases/<plural>.<group>.yaml) of the kinds of
// capaKinds, and the conversion-webhook and CA-injection patches of the two-version
// ones, as kubebuilder scaffolds them.
func capaCRDs() (map[string]string, []string) {
	crds := map[string]string{"kustomizeconfig.yaml": capaCRDConfig}
	var patches []string
	for i, k := range capaKinds {
		var b bytes.Buffer
		doc := providerCRD(k, 0, uint64(i))
		meta := doc["metadata"].(map[string]any)
		if k.versions == 1 { // v1beta2 only: no v1beta1 contract label
			delete(meta["labels"].(map[string]any), "cluster.x-k8s.io/v1beta1")
		} else { // v1beta1 kept, no longer served, still labelled: as CAPA's
			doc["spec"].(map[string]any)["versions"].([]any)[0].(map[string]any)["served"] = false
		}
		writeDoc(&b, doc, Kustomize)
		name := meta["name"].(string)
		crds["bases/"+name+".yaml"] = b.String()
		if k.versions == 2 {
			crds["patches/webhook_in_"+name+".yaml"] = fmt.Sprintf(capaWebhookPatch, name)
			crds["patches/cainjection_in_"+name+".yaml"] = fmt.Sprintf(capaCAPatch, name)
			patches = append(patches, "patches/webhook_in_"+name+".yaml", "patches/cainjection_in_"+name+".yaml")
		}
	}
	return crds, patches
}

func capaCRDKustomization(crds map[string]string, patches []string) string {
	var res []string
	for name := range crds {
		if strings.HasPrefix(name, "bases/") {
			res = append(res, name)
		}
	}
	sort.Strings(res)
	return "commonLabels:\n  cluster.x-k8s.io/v1alpha3: v1alpha3\n  cluster.x-k8s.io/v1alpha4: v1alpha4\n" +
		"resources:\n- " + strings.Join(res, "\n- ") + "\n" +
		"patchesStrategicMerge:\n- " + strings.Join(patches, "\n- ") + "\n" +
		"configurations:\n- kustomizeconfig.yaml\n"
}
