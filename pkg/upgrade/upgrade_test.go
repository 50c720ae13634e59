package upgrade

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/upgradefix"
)

// inventories computes the inventories of a case's releases with one cache.
func inventories(c upgradefix.Case) (next *inventory.Release, history []*inventory.Release) {
	cache := inventory.NewCache()
	of := func(r upgradefix.Release) *inventory.Release {
		in := inventory.Input{Label: upgradefix.Label, Version: r.Version, Source: "test"}
		for n, body := range r.Files() {
			in.Files = append(in.Files, release.File{Name: n, Data: []byte(body)})
		}
		return cache.Of(in)
	}
	for _, r := range c.History {
		history = append(history, of(r))
	}
	return of(c.Next), history
}

// mentions are what each case's finding must name: the releases and the failure.
var mentions = map[string][]string{
	"storage-two-back":  {"v1alpha1 was the storage version of acmeclusters.infrastructure.cluster.x-k8s.io in v0.1.0", "v0.3.0 removes it", "v0.2.0 still lists it", `status.storedVersions[0]: Invalid value: "v1alpha1": must appear in spec.versions`},
	"served-false":      {"v0.2.0's templates (cluster-template.yaml) create AcmeCluster in infrastructure.cluster.x-k8s.io/v1alpha1", "v0.3.0 no longer serves (served: false)", `no matches for kind "AcmeCluster" in version "infrastructure.cluster.x-k8s.io/v1alpha1"`},
	"kind-removed":      {"v0.1.0 ships acmemachinetemplates.infrastructure.cluster.x-k8s.io", "used by v0.1.0's cluster-template.yaml", "v0.2.0 removes it"},
	"no-conversion":     {"v0.2.0 serves v1beta1 and v1beta2", "strategy None"},
	"variable-required": {"v0.2.0 requires ${ACME_FLAVOR}", `v0.1.0's cluster-template.yaml defaulted it to "small"`, "value for variables [ACME_FLAVOR] is not set"},
	"rbac-grown":        {"v0.2.0 grants what v0.1.0 did not: get, list on nodes", "is attempting to grant RBAC permissions not currently held"},
	"contract-in-place": {"series 0.1 declares contract v1beta1 in v0.1.0's metadata.yaml and v1beta2 in v0.1.1's", "earlier 0.1 releases (v0.1.0)"},
	"migrated":          {"in v0.1.0", "v0.2.0 runs cluster-api's crdmigrator", "ClusterRole acme-manager-role", "a cluster must run v0.2.0 or a later release before it upgrades to v0.3.0"},
	"gone":              {"in v0.1.0; v0.2.0 removed it from spec.versions already", "cannot upgrade to v0.2.1 either"},
	"image-registry":    {"v0.2.0 moves registry.example.com/acme/acme-controller:v0.1.0 to the registry ghcr.io"},
}

// TestCases: every fixture pair reports its rule once, naming the releases and the
// failure users see, and no other error or warning; the identical pair reports nothing.
func TestCases(t *testing.T) {
	t.Parallel()
	for _, c := range upgradefix.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			next, history := inventories(c)
			fs := Check(next, Sources(next, history))
			var hits lint.Findings
			for _, f := range fs {
				if f.Rule == c.Want {
					hits = append(hits, f)
				} else if f.Severity != lint.Note || c.Want == "" {
					t.Errorf("unexpected finding: %s", f)
				}
			}
			if c.Want == "" {
				return
			}
			if len(hits) != 1 {
				t.Fatalf("%s reported %d times, want once:\n%s", c.Want, len(hits), fs.Error()+"\n"+join(fs))
			}
			for _, m := range mentions[c.Name] {
				if !strings.Contains(hits[0].Message, m) {
					t.Errorf("the finding does not say %q:\n%s", m, hits[0])
				}
			}
			if !strings.HasPrefix(hits[0].File, upgradefix.Label+"/"+c.Next.Version+"/") {
				t.Errorf("the finding is not about the next release's file: %s", hits[0].File)
			}
		})
	}
}

func join(fs lint.Findings) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.String())
	}
	return strings.Join(out, "\n")
}
