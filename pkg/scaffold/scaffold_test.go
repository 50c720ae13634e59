package scaffold

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/pipeline"
	fixture "github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// summary prints what init decided about one provider, one line.
func summary(p *Provider) string {
	var ts []string
	for _, e := range p.Templates {
		ts = append(ts, entryString(e))
	}
	var cs []string
	for _, e := range p.Commented {
		cs = append(cs, entryString(e))
	}
	return fmt.Sprintf("%s %s: %s%s image=%s new=%s pull=%s meta=%s none=%v templates=%v commented=%v variants=%v%s",
		p.Type, p.Name, p.Components, optional(" file=", p.File), p.Image, p.NewName, p.PullPolicy, p.Metadata, p.LoadNone != "", ts, cs, p.Variants, extras(p.Extra))
}

func optional(prefix, v string) string {
	if v == "" {
		return ""
	}
	return prefix + v
}

func extras(es []Extra) string {
	if len(es) == 0 {
		return ""
	}
	var out []string
	for _, e := range es {
		out = append(out, "{"+e.Name+" "+e.Kustomize+"}")
	}
	return " extra=[" + strings.Join(out, " ") + "]"
}

func entryString(e Entry) string {
	s := ""
	if e.Flavor != nil {
		s = "flavor=" + *e.Flavor + ","
	}
	return s + e.Kustomize + e.Path + e.ClusterClass
}

// buildErr builds dir/capirepo.yaml offline for v1.2.0.
func buildErr(t *testing.T, dir string) (*pipeline.Result, error) {
	t.Helper()
	return buildFile(t, filepath.Join(dir, "capirepo.yaml"))
}

// buildFile builds the config file offline for v1.2.0.
func buildFile(t *testing.T, file string) (*pipeline.Result, error) {
	t.Helper()
	cfg, err := config.Load(file)
	if err != nil {
		t.Fatalf("%s does not load: %v", filepath.Base(file), err)
	}
	return pipeline.Build(t.Context(), cfg, pipeline.Options{Version: layout.MustParseVersion("v1.2.0"), Published: []string{}, Offline: true, CacheDir: t.TempDir()})
}

// build returns the file names of every built release, "label/file".
func build(t *testing.T, dir string) []string {
	t.Helper()
	res, err := buildErr(t, dir)
	if err != nil {
		t.Fatalf("the config init wrote does not build: %v", err)
	}
	if res.Findings.HasErrors() {
		var errs lint.Findings
		for _, f := range res.Findings {
			if f.Severity == lint.Error {
				errs = append(errs, f)
			}
		}
		t.Fatalf("the config init wrote builds with errors:\n%v", errs)
	}
	var out []string
	for _, r := range res.Set.Releases {
		for _, f := range r.Files {
			out = append(out, r.Label()+"/"+f.Name)
		}
	}
	slices.Sort(out)
	return out
}

func TestInitLayouts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		files   files
		want    []string // summary lines
		skipped []string // test providers left out
		built   []string // release files that must be built
	}{
		{name: "kubebuilder single provider", files: kubebuilderLayout(),
			want:  []string{"InfrastructureProvider foo: config/default image=gcr.io/k8s-staging-foo/foo-controller new=registry.k8s.io/foo/foo-controller pull=IfNotPresent meta=metadata.yaml none=false templates=[templates] commented=[] variants=[] extra=[{infrastructure-components-supervisor.yaml config/supervisor}]"},
			built: []string{"infrastructure-foo/cluster-template-ha.yaml", "infrastructure-foo/cluster-template.yaml", "infrastructure-foo/clusterclass-quick.yaml", "infrastructure-foo/infrastructure-components-supervisor.yaml", "infrastructure-foo/infrastructure-components.yaml", "infrastructure-foo/metadata.yaml"}},
		{name: "cluster-api: several providers in one tree", files: capiLayout(),
			want: []string{
				"CoreProvider cluster-api: config/default image=gcr.io/k8s-staging-cluster-api/cluster-api-controller new=registry.k8s.io/cluster-api/cluster-api-controller pull= meta=metadata.yaml none=false templates=[] commented=[] variants=[]",
				"BootstrapProvider kubeadm: bootstrap/kubeadm/config/default image=gcr.io/k8s-staging-cluster-api/kubeadm-bootstrap-controller new=registry.k8s.io/cluster-api/kubeadm-bootstrap-controller pull= meta=metadata.yaml none=false templates=[] commented=[] variants=[]",
				"ControlPlaneProvider kubeadm: controlplane/kubeadm/config/default image=gcr.io/k8s-staging-cluster-api/kubeadm-control-plane-controller new= pull= meta=metadata.yaml none=false templates=[] commented=[] variants=[]",
				"InfrastructureProvider docker: test/infrastructure/docker/config/default file=infrastructure-components-development.yaml image=gcr.io/k8s-staging-cluster-api/capd-manager new= pull= meta=metadata.yaml none=false templates=[test/infrastructure/docker/templates] commented=[] variants=[]"},
			skipped: []string{"test/infrastructure/inmemory/config/default"},
			built: []string{"bootstrap-kubeadm/bootstrap-components.yaml", "bootstrap-kubeadm/metadata.yaml", "cluster-api/core-components.yaml", "cluster-api/metadata.yaml",
				"control-plane-kubeadm/control-plane-components.yaml", "control-plane-kubeadm/metadata.yaml",
				"infrastructure-docker/cluster-template-dev.yaml", "infrastructure-docker/cluster-template.yaml", "infrastructure-docker/clusterclass-quick-start.yaml", "infrastructure-docker/infrastructure-components-development.yaml", "infrastructure-docker/metadata.yaml"}},
		{name: "CAPA-like: EKS bootstrap and control-plane CRDs in the infrastructure components", files: capaLayout(),
			want:  []string{"InfrastructureProvider aws: config/default image=gcr.io/k8s-staging-cluster-api-aws/cluster-api-aws-controller new= pull= meta=metadata.yaml none=false templates=[] commented=[] variants=[]"},
			built: []string{"infrastructure-aws/infrastructure-components.yaml", "infrastructure-aws/metadata.yaml"}},
		{name: "rke2: two providers", files: rke2Layout(),
			want: []string{
				"BootstrapProvider rke2: bootstrap/config/default image=ghcr.io/rancher/cluster-api-provider-rke2-bootstrap new= pull= meta=metadata.yaml none=false templates=[] commented=[] variants=[]",
				"ControlPlaneProvider rke2: controlplane/config/default image=ghcr.io/rancher/cluster-api-provider-rke2-controlplane new= pull= meta=metadata.yaml none=false templates=[] commented=[] variants=[]"},
			built: []string{"bootstrap-rke2/bootstrap-components.yaml", "bootstrap-rke2/metadata.yaml", "control-plane-rke2/control-plane-components.yaml", "control-plane-rke2/metadata.yaml"}},
		{name: "k0smotron: three types from config/clusterapi", files: k0smotronLayout(),
			want: []string{
				"BootstrapProvider k0sproject-k0smotron: config/clusterapi/bootstrap image=k0s/k0smotron new=quay.io/k0sproject/k0smotron pull= meta=metadata.yaml none=false templates=[] commented=[] variants=[]",
				"ControlPlaneProvider k0sproject-k0smotron: config/clusterapi/controlplane image=k0s/k0smotron new=quay.io/k0sproject/k0smotron pull= meta=metadata.yaml none=false templates=[] commented=[] variants=[]",
				"InfrastructureProvider k0sproject-k0smotron: config/clusterapi/infrastructure image=k0s/k0smotron new=quay.io/k0sproject/k0smotron pull= meta=metadata.yaml none=false templates=[templates] commented=[] variants=[]"},
			built: []string{"bootstrap-k0sproject-k0smotron/bootstrap-components.yaml", "bootstrap-k0sproject-k0smotron/metadata.yaml",
				"control-plane-k0sproject-k0smotron/control-plane-components.yaml", "control-plane-k0sproject-k0smotron/metadata.yaml",
				"infrastructure-k0sproject-k0smotron/cluster-template-hcp.yaml", "infrastructure-k0sproject-k0smotron/cluster-template.yaml",
				"infrastructure-k0sproject-k0smotron/infrastructure-components.yaml", "infrastructure-k0sproject-k0smotron/metadata.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := fixture.Write(t, c.files)
			plan, err := Inspect(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range plan.Providers {
				got = append(got, summary(p))
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("Inspect:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(c.want, "\n     "))
			}
			if !slices.Equal(plan.Skipped, c.skipped) {
				t.Errorf("skipped %v, want %v", plan.Skipped, c.skipped)
			}
			writeConfig(t, dir, plan)
			if got := build(t, dir); !slices.Equal(got, c.built) {
				t.Errorf("built %v\n want %v", got, c.built)
			}
		})
	}
}

func writeConfig(t *testing.T, dir string, plan *Plan) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "capirepo.yaml"), plan.Config(), 0o644); err != nil {
		t.Fatal(err)
	}
}
