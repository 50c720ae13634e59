package scaffold

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	fixture "github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestInitLoadRestrictions: flavors that load shared files from outside their folder
// get loadRestrictor: none, and the generated config builds them.
func TestInitLoadRestrictions(t *testing.T) {
	t.Parallel()
	const aso = "https://github.com/Azure/azure-service-operator/releases/download/v2.19.0/azureserviceoperator_v2.19.0.yaml"
	cases := []struct {
		name   string
		files  files
		want   string
		remote []string
		built  []string
	}{
		{name: "CAPZ-like: shared bases, generated copies, remote ASO", files: capzLayout(aso),
			want:   "InfrastructureProvider azure: config/default image=gcr.io/k8s-staging-foo/foo-controller new=registry.k8s.io/foo/foo-controller pull=IfNotPresent meta=metadata.yaml none=true templates=[flavor=,templates/flavors/default flavor=ha,templates/flavors/ha] commented=[] variants=[]",
			remote: []string{aso},
			built:  []string{"cluster-template-ha.yaml", "cluster-template.yaml", "infrastructure-components.yaml", "metadata.yaml"}},
		{name: "Hetzner-like: Makefile names the flavors, a ClusterClass file", files: hetznerLayout(),
			want:  "InfrastructureProvider hetzner: config/default image=ghcr.io/syself/caph-staging new= pull= meta=metadata.yaml none=true templates=[flavor=,templates/cluster-templates/v1beta1/hcloud flavor=hcloud,templates/cluster-templates/v1beta1/hcloud flavor=hcloud-network,templates/cluster-templates/v1beta1/hcloud-network templates/cluster-templates/v1beta1/cluster-class.yaml] commented=[flavor=topology-example,templates/cluster-templates/v1beta1/cluster-class-topology-example.yaml] variants=[]",
			built: []string{"cluster-template-hcloud-network.yaml", "cluster-template-hcloud.yaml", "cluster-template.yaml", "clusterclass-hetzner.yaml", "infrastructure-components.yaml", "metadata.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := fixture.Write(t, c.files)
			plan, err := Inspect(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.Providers) != 1 || summary(plan.Providers[0]) != c.want {
				t.Fatalf("Inspect:\n got %v\nwant %s", summaries(plan), c.want)
			}
			if !slices.Equal(plan.Remote, c.remote) {
				t.Errorf("remote resources %v, want %v", plan.Remote, c.remote)
			}
			config := string(plan.Config())
			if !strings.Contains(config, "  loadRestrictor: none # ") {
				t.Errorf("config lacks loadRestrictor: none:\n%s", config)
			}
			for _, u := range c.remote {
				if !strings.Contains(config, "# - url: "+u+"\n") {
					t.Errorf("config does not offer the pin of %s:\n%s", u, config)
				}
				config = pinRemote(t, dir, config, u)
			}
			if err := os.WriteFile(filepath.Join(dir, "capirepo.yaml"), []byte(config), 0o644); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range build(t, dir) {
				got = append(got, f[strings.Index(f, "/")+1:])
			}
			if !slices.Equal(got, c.built) {
				t.Errorf("built %v\n want %v", got, c.built)
			}
		})
	}
}

// TestInitRemoteUnpinned: as written, the config names the remote resource in a
// comment only, and the build refuses it with the entry to add.
func TestInitRemoteUnpinned(t *testing.T) {
	t.Parallel()
	const aso = "https://example.invalid/aso.yaml"
	dir := fixture.Write(t, capzLayout(aso))
	plan, err := Inspect(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	writeConfig(t, dir, plan)
	_, err = buildErr(t, dir)
	if err == nil || !strings.Contains(err.Error(), aso) || !strings.Contains(err.Error(), "sha256") {
		t.Fatalf("build with the remote resource unpinned: %v, want a refusal naming %s and its sha256", err, aso)
	}
}

// pinRemote vendors a stand-in for the remote file and adds its remoteResources entry:
// the one edit init leaves to the maintainer.
func pinRemote(t *testing.T, dir, config, url string) string {
	t.Helper()
	body := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: aso-settings\ndata:\n  remote: \"yes\"\n"
	if err := os.WriteFile(filepath.Join(dir, "config", "aso", "aso.yaml"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(body))
	return config + "remoteResources:\n- url: " + url + "\n  sha256: " + hex.EncodeToString(sum[:]) + "\n  file: config/aso/aso.yaml\n"
}

func summaries(p *Plan) []string {
	var out []string
	for _, pr := range p.Providers {
		out = append(out, summary(pr))
	}
	return out
}
