package scaffold

import (
	"strings"
	"testing"

	fixture "github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestRefusalsNameTheCause: a tree init cannot take is refused with its real cause:
// CRDs of two provider types behind one controller (both named), a kustomization
// loading a generated folder that is absent (named, with the target writing it),
// plain YAML without a kustomization (said, with the config to write).
func TestRefusalsNameTheCause(t *testing.T) {
	t.Parallel()
	two := files{}
	two.componentsTree(".", "foo", "bootstrap.cluster.x-k8s.io", "", "ghcr.io/acme/foo:v1", "FooConfig")
	two["config/crd/bases/cp.yaml"] = crd("controlplane.cluster.x-k8s.io", "FooControlPlane")
	two["config/crd/kustomization.yaml"] += "- bases/cp.yaml\n"
	gen := files{}
	gen.componentsTree(".", "foo", infra, "infrastructure-foo", "ghcr.io/acme/foo:v1", "FooCluster")
	gen["config/default/kustomization.yaml"] = "resources:\n- ../../build/crds\n- ../manager\n"
	gen["Makefile"] = "generate-crds:\n\tcontroller-gen crd paths=./... -o build/crds\n"
	cases := map[string]struct {
		f    files
		want []string
	}{
		"two types":        {two, []string{"config/default loads a Deployment and the CRDs of 2 provider types", "BootstrapProvider: bootstrap.cluster.x-k8s.io", "ControlPlaneProvider: controlplane.cluster.x-k8s.io"}},
		"generated":        {gen, []string{"config/default loads build/crds, which is not in the tree: `make generate-crds` writes it (Makefile:2)"}},
		"no kustomization": {files{"deploy/components.yaml": manager("ghcr.io/acme/foo:v1")}, []string{"plain YAML and no kustomization (deploy/components.yaml)", "components: kustomize: config"}},
	}
	for name, c := range cases {
		_, err := Inspect(t.Context(), fixture.Write(t, c.f))
		for _, w := range c.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v, want %q", name, err, w)
			}
		}
	}
}
