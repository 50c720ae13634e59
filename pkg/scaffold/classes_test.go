package scaffold

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	fixture "github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// provider is a root provider with a canonical manager image and a metadata.yaml.
func provider(extra files) files {
	f := files{"metadata.yaml": metadataYAML}
	f.componentsTree(".", "foo", infra, "infrastructure-foo", "registry.example.com/foo/foo-controller:dev", infraKinds...)
	for k, v := range extra {
		f[k] = v
	}
	return f
}

// flavor is a kustomize flavor folder holding its own Cluster.
func flavor(f files, dir, marker string) {
	f[dir+"/kustomization.yaml"] = "resources:\n- cluster.yaml\n"
	f[dir+"/cluster.yaml"] = cluster(marker)
}

// TestInitClasses: one small tree per class of provider layout init was not tuned for;
// init's config builds, ships exactly the files the tree's release target ships, names
// flavors uniquely, and says in a comment (file:line) what it could not decide.
func TestInitClasses(t *testing.T) {
	t.Parallel()
	for _, c := range classCases() {
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
			var names []string
			for _, e := range plan.Providers[0].Templates {
				if e.Flavor != nil {
					names = append(names, *e.Flavor)
				}
			}
			if len(slices.Compact(slices.Sorted(slices.Values(names)))) != len(names) {
				t.Errorf("flavor names are not unique: %v", names)
			}
			writeConfig(t, dir, plan)
			for rel, body := range c.makeRuns {
				if err := os.WriteFile(filepath.Join(dir, rel), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := build(t, dir); !slices.Equal(got, c.built) {
				t.Errorf("built %v\n want %v\nconfig:\n%s", got, c.built, config)
			}
		})
	}
}

type classCase struct {
	name     string
	files    files
	makeRuns map[string]string // files the named make target writes, written before build
	config   []string          // substrings of the config
	built    []string
}

func foo(names ...string) []string {
	out := []string{"infrastructure-foo/infrastructure-components.yaml", "infrastructure-foo/metadata.yaml"}
	for _, n := range names {
		out = append(out, "infrastructure-foo/"+n)
	}
	slices.Sort(out)
	return out
}

// TestInitSizeCap: every file init reads goes through the cap: a CRD file, a Makefile
// and a template over it are not read, and the config names them.
func TestInitSizeCap(t *testing.T) {
	t.Parallel()
	pad := "# " + strings.Repeat("x", 4096) + "\n"
	f := provider(files{"Makefile": pad + "IMAGE_NAME ?= foo-controller\n", "templates/cluster-template-big.yaml": pad + cluster("big"),
		"templates/cluster-class-big.yaml": pad + clusterClass("big")})
	f["config/crd/bases/big.yaml"] = pad + crd(infra, "FooBig")
	f["config/crd/kustomization.yaml"] += "- bases/big.yaml\n"
	dir := fixture.Write(t, f)
	plan, err := inspect(t.Context(), dir, 4096)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Makefile", "config/crd/bases/big.yaml", "templates/cluster-class-big.yaml"}
	if got := slices.Sorted(slices.Values(plan.Oversized)); !slices.Equal(got, want) {
		t.Errorf("oversized %v, want %v", got, want)
	}
	for _, w := range want {
		if !strings.Contains(string(plan.Config()), "# "+w+" is larger than init reads") {
			t.Errorf("config does not name %s:\n%s", w, plan.Config())
		}
	}
	if plan, err := inspect(t.Context(), dir, MaxRead); err != nil || len(plan.Oversized) != 0 {
		t.Errorf("with the real cap: %v, oversized %v", err, plan.Oversized)
	}
}
