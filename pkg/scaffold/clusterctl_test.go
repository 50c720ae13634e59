package scaffold

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/output"
	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
	fixture "github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestInitOutputWithClusterctl: what init's config builds from the multi-provider and
// flavor-folder layouts is read by the real clusterctl v1.14.2: generate provider
// --describe for every provider, generate cluster --list-variables for every flavor.
func TestInitOutputWithClusterctl(t *testing.T) {
	t.Parallel()
	bins := clusterctl.Pick(t, "v1.14.2")
	if len(bins) == 0 {
		t.Skip("clusterctl v1.14.2 is not installed")
	}
	cc := bins[0]
	for name, f := range map[string]files{"k0smotron-like": k0smotronLayout(), "hetzner-like": hetznerLayout(), "cluster-api-like": capiLayout(),
		"nested-script-flavors": nestedScripts().files, "nested-overlays": nestedOverlays().files, "release-ships": releaseShips().files} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := fixture.Write(t, f)
			plan, err := Inspect(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			writeConfig(t, dir, plan)
			res, err := buildErr(t, dir)
			if err != nil || res.Findings.HasErrors() {
				t.Fatalf("build: %v %v", err, res)
			}
			out, err := output.Write(filepath.Join(t.TempDir(), "dist"), res.Set)
			if err != nil {
				t.Fatal(err)
			}
			cfg := filepath.Join(out, "clusterctl.yaml")
			flavors := 0
			for _, r := range res.Set.Releases {
				ref := r.Name + ":" + r.Version.String()
				cc.MustRun(t, nil, "generate", "provider", "--"+layout.TypeFlag(r.Type), ref, "--config", cfg, "--describe")
				for _, file := range r.Files {
					if layout.FileKind(file.Name) != layout.KindTemplate {
						continue
					}
					args := []string{"generate", "cluster", "c1", "--" + layout.TypeFlag(r.Type), ref, "-n", "default", "--config", cfg, "--list-variables"}
					if fl := strings.TrimPrefix(strings.TrimSuffix(file.Name, ".yaml"), "cluster-template"); fl != "" {
						args = append(args, "--flavor", strings.TrimPrefix(fl, "-"))
					}
					if got := cc.MustRun(t, nil, args...); !strings.Contains(got, "CLUSTER_NAME") {
						t.Errorf("%s --list-variables lacks CLUSTER_NAME:\n%s", file.Name, got)
					}
					flavors++
				}
			}
			if flavors == 0 {
				t.Errorf("no flavor was checked")
			}
		})
	}
}
