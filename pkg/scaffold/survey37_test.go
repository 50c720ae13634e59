package scaffold

import (
	"slices"
	"strings"
	"testing"

	fixture "github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestInitSurveyClasses: trees shaped like the providers issue 37's survey read, where
// init's best value differed from what the release ships.
func TestInitSurveyClasses(t *testing.T) {
	t.Parallel()
	for _, c := range []classCase{classLoop(), overlayDefault()} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := fixture.Write(t, c.files)
			plan, err := Inspect(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			config := string(plan.Config())
			for _, want := range c.config {
				if !strings.Contains(config, want) {
					t.Errorf("config lacks %q:\n%s", want, config)
				}
			}
			writeConfig(t, dir, plan)
			if got := build(t, dir); !slices.Equal(got, c.built) {
				t.Errorf("built %v\n want %v\nconfig:\n%s", got, c.built, config)
			}
		})
	}
}

// classLoop (linode's hack/generate-flavors.sh): a script loop over a list of
// ClusterClass folders builds each into templates/<folder>.yaml and copies the folder's
// cluster-template.yaml beside it as cluster-template-<folder>.yaml (the folder loads a
// flavor and deletes its Cluster); the release target
// moves templates/cluster-template* and templates/clusterclass* into the release.
func classLoop() classCase {
	f := provider(files{"Makefile": "RELEASE_DIR ?= infrastructure-foo\n\nrelease: generate-flavors release-templates\n\n" +
		"generate-flavors:\n\tbash hack/generate-flavors.sh\n\n" +
		"release-templates:\n\tmv templates/cluster-template* $(RELEASE_DIR)/\n\tmv templates/clusterclass* $(RELEASE_DIR)/\n",
		"hack/generate-flavors.sh": "#!/bin/bash\nREPO_ROOT=$(dirname \"${BASH_SOURCE[0]}\")/..\nFLAVORS_DIR=\"${REPO_ROOT}/templates/flavors\"\n" +
			"SUPPORTED_CLUSTERCLASSES=(\n    \"clusterclass-kubeadm\"\n)\n" +
			"for clusterclass in ${SUPPORTED_CLUSTERCLASSES[@]}; do\n" +
			"    kustomize build \"${FLAVORS_DIR}/${clusterclass}\" > \"${REPO_ROOT}/templates/${clusterclass}.yaml\"\n" +
			"    cp \"${FLAVORS_DIR}/${clusterclass}/cluster-template.yaml\" \"${REPO_ROOT}/templates/cluster-template-${clusterclass}.yaml\"\ndone\n" +
			"for name in $(ls \"${FLAVORS_DIR}/kubeadm\"); do\n" +
			"    kustomize build \"${FLAVORS_DIR}/kubeadm/${name}\" > \"${REPO_ROOT}/templates/cluster-template-kubeadm-${name}.yaml\"\ndone\n" +
			"mv \"${REPO_ROOT}/templates/cluster-template-kubeadm-default.yaml\" \"${REPO_ROOT}/templates/cluster-template.yaml\"\n"})
	flavor(f, "templates/flavors/kubeadm/default", "kubeadm")
	cc := "templates/flavors/clusterclass-kubeadm/"
	f[cc+"kustomization.yaml"] = "resources:\n- clusterClass.yaml\n- ../kubeadm/default\npatches:\n- path: delete.yaml\n"
	f[cc+"delete.yaml"] = "$patch: delete\napiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n  namespace: ${NAMESPACE}\n"
	f[cc+"clusterClass.yaml"] = clusterClass("kubeadm")
	f[cc+"cluster-template.yaml"] = cluster("topology")
	return classCase{name: "a script loop builds ClusterClass folders and copies their cluster-template.yaml", files: f,
		config: []string{"clusterClass: templates/flavors/clusterclass-kubeadm # rendered by hack/generate-flavors.sh:8 as clusterclass-kubeadm.yaml",
			`{flavor: "clusterclass-kubeadm", path: templates/flavors/clusterclass-kubeadm/cluster-template.yaml}`},
		built: foo("cluster-template.yaml", "cluster-template-clusterclass-kubeadm.yaml", "clusterclass-kubeadm.yaml")}
}

// overlayDefault (nutanix): the release builds config/overlays/default/$(OVERLAY) and
// the templates from templates/overlays/*/$(OVERLAY), where OVERLAY defaults, through
// Make functions, to basic-auth unless API_KEY is set (the release sets none).
func overlayDefault() classCase {
	f := provider(files{"Makefile": "TEMPLATES_DIR := templates\nRELEASE_DIR ?= out\n" +
		"CREDENTIALS_TYPE ?= $(if $(strip $(API_KEY)),api_key,basic_auth)\nCREDENTIALS_OVERLAY ?= $(subst _,-,$(CREDENTIALS_TYPE))\n\n" +
		"release-manifests: cluster-templates\n\tmkdir -p $(RELEASE_DIR)\n" +
		"\tkustomize build config/overlays/default/$(CREDENTIALS_OVERLAY) > $(RELEASE_DIR)/infrastructure-components.yaml\n" +
		"\tcp $(TEMPLATES_DIR)/cluster-template*.yaml $(RELEASE_DIR)\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n\n" +
		"cluster-templates:\n\tkustomize build $(TEMPLATES_DIR)/overlays/base/$(CREDENTIALS_OVERLAY) > $(TEMPLATES_DIR)/cluster-template.yaml\n" +
		"\tkustomize build $(TEMPLATES_DIR)/overlays/csi3/$(CREDENTIALS_OVERLAY) > $(TEMPLATES_DIR)/cluster-template-csi3.yaml\n"})
	for _, kind := range []string{"api-key", "basic-auth"} {
		d := "config/overlays/default/" + kind + "/"
		f[d+"kustomization.yaml"] = "resources:\n- ../../../default\n- creds.yaml\n"
		f[d+"creds.yaml"] = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds-" + kind + "\n  namespace: foo-system\n"
		for _, fl := range []string{"base", "csi3"} {
			flavor(f, "templates/overlays/"+fl+"/"+kind, fl+"-"+kind)
		}
	}
	return classCase{name: "the release's overlay is a Make default taken through $(if) and $(subst)", files: f,
		config: []string{"kustomize: config/overlays/default/basic-auth",
			`{flavor: "", kustomize: templates/overlays/base/basic-auth}`, `{flavor: "csi3", kustomize: templates/overlays/csi3/basic-auth}`},
		built: foo("cluster-template.yaml", "cluster-template-csi3.yaml")}
}

// TestInitAsksAboutMovingTags (issue 42 item 8): a components file the release renders
// with an image on a moving tag (:main here; what lint's components-image-moving-tag
// warns about) is asked about, the question naming the file and the tag.
func TestInitAsksAboutMovingTags(t *testing.T) {
	t.Parallel()
	f := provider(files{"Makefile": "RELEASE_DIR ?= out\nrelease:\n\tkustomize build config/default > $(RELEASE_DIR)/infrastructure-components.yaml\n" +
		"\tkustomize build config/supervisor > $(RELEASE_DIR)/infrastructure-components-supervisor.yaml\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n",
		"config/supervisor/kustomization.yaml": "namespace: foo-system\nresources:\n- ../crd\n- manager.yaml\n",
		"config/supervisor/manager.yaml":       manager("gcr.io/foo-staging/foo-supervisor:main")})
	plan, err := Inspect(t.Context(), fixture.Write(t, f))
	if err != nil {
		t.Fatal(err)
	}
	data, qs := plan.Render()
	for _, q := range qs {
		if q.Field == "extraComponents" && strings.Contains(q.Text, "config/supervisor/manager.yaml") && strings.Contains(q.Text, ":main, which moves") {
			return
		}
	}
	t.Errorf("no question about the supervisor image on :main:\n%s", data)
}

// TestInitTypesClusterAPIsOwnGroups: a provider serving only a group of Cluster API's
// own (fleet: addons.cluster.x-k8s.io, its label without the addon- prefix) is typed by
// the group; layout reads no type in those groups.
func TestInitTypesClusterAPIsOwnGroups(t *testing.T) {
	t.Parallel()
	f := files{"metadata.yaml": metadataYAML}
	f.componentsTree(".", "fleet", "addons.cluster.x-k8s.io", "fleet", "ghcr.io/rancher/fleet-addon:v0.1.0", "FleetAddonConfig")
	plan, err := Inspect(t.Context(), fixture.Write(t, f))
	if err != nil {
		t.Fatal(err)
	}
	if got := plan.Providers[0].Type; got != "AddonProvider" {
		t.Errorf("type %q, want AddonProvider", got)
	}
}
