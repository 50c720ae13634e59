//go:build linux

package install_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/install"
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/envtest"
	"github.com/capirepo/capirepo/pkg/testsupport/upgradefix"
	"github.com/capirepo/capirepo/pkg/upgrade"
)

// TestUpgradeAgreesWithDoctor runs the static upgrade doctor and the real upgrade
// (clusterctl upgrade apply against a kube-apiserver holding one object of each kind)
// over the upgrade fixtures whose verdict is the stored versions': where the doctor
// reports upgrade-storage-version-removed, the install fails naming the CRD and the
// dropped storage version; where it reports nothing, the upgrade applies.
func TestUpgradeAgreesWithDoctor(t *testing.T) {
	tools := envtest.Find(t)
	for _, c := range upgradefix.Cases() {
		if c.Name != "storage-two-back" && c.Name != "identical" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			next, earlier := fixtureReleases(c)
			doctor := doctorErrors(next, earlier)
			rep, err := install.Check(context.Background(), next, earlier, options(t, tools))
			if err != nil {
				t.Fatal(err)
			}
			var refused lint.Findings
			for _, f := range rep.Findings {
				if f.Rule == install.RuleUpgrade {
					refused = append(refused, f)
				}
			}
			wantFail := c.Want == upgrade.RuleStorageRemoved
			if (len(doctor) > 0) != wantFail || (len(refused) > 0) != wantFail {
				t.Fatalf("doctor %v, install %v: want both to fail: %v", doctor, refused, wantFail)
			}
			for _, f := range refused {
				if !strings.Contains(f.Message, "acmeclusters.infrastructure.cluster.x-k8s.io") || !strings.Contains(f.Message, `"v1alpha1"`) || !strings.Contains(f.Message, "storage version") ||
					!strings.Contains(doctor.Error(), "v1alpha1") || f.Line == 0 {
					t.Errorf("the install's refusal and the doctor's must name the CRD and v1alpha1:\ninstall: %s\ndoctor: %s", f, doctor.Error())
				}
			}
		})
	}
}

func options(t *testing.T, tools envtest.Tools) install.Options {
	return install.Options{Self: []string{os.Args[0]}, Assets: tools.Assets, Clusterctl: tools.Clusterctl,
		ClusterctlConfig: tools.Config, Values: map[string]string{"ACME_REGION": "eu-1"}, Log: testLog{t}}
}

type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

func fixtureReleases(c upgradefix.Case) (install.Release, []install.Release) {
	conv := func(r upgradefix.Release) install.Release {
		files := map[string][]byte{}
		for n, s := range r.Files() {
			files[n] = []byte(s)
		}
		return install.Release{Label: upgradefix.Label, Version: r.Version, Files: files}
	}
	var earlier []install.Release
	for _, r := range c.History {
		earlier = append(earlier, conv(r))
	}
	return conv(c.Next), earlier
}

// doctorErrors is the static doctor's errors for next after earlier (pkg/upgrade).
func doctorErrors(next install.Release, earlier []install.Release) lint.Findings {
	cache := inventory.NewCache()
	var rs []*inventory.Release
	for _, r := range append(earlier, next) {
		in := inventory.Input{Label: r.Label, Version: r.Version, Named: true}
		for n, d := range r.Files {
			in.Files = append(in.Files, release.File{Name: n, Data: d})
		}
		rs = append(rs, cache.Of(diff.ProviderFiles(in, "infrastructure-components.yaml")))
	}
	var out lint.Findings
	for _, s := range upgrade.History(rs) {
		if s.Next.Version == next.Version {
			for _, f := range s.Findings {
				if f.Severity == lint.Error {
					out = append(out, f)
				}
			}
		}
	}
	return out
}
