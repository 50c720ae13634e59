package diff

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/release"
)

// TestEqualAcrossReshapingAndClusterctlLabels: the same release written with other
// document and key order, formatting, comments and empty documents, and with the
// labels clusterctl sets on components changed, has no difference.
func TestEqualAcrossReshapingAndClusterctlLabels(t *testing.T) {
	t.Parallel()
	a := base(t)
	relabelled := strings.Replace(a["infrastructure-components.yaml"], "  labels:\n    cluster.x-k8s.io/provider: infrastructure-acme\n  name: capa-manager-bootstrap-credentials",
		"  name: capa-manager-bootstrap-credentials", 1) // only clusterctl's labels → none
	relabelled = strings.ReplaceAll(relabelled, "cluster.x-k8s.io/provider: infrastructure-acme",
		"cluster.x-k8s.io/provider: infrastructure-other\n    clusterctl.cluster.x-k8s.io: \"\"")
	b := map[string]string{}
	for name, text := range edit(t, a, "infrastructure-components.yaml", a["infrastructure-components.yaml"], relabelled) {
		b[name] = reshaped(t, text)
	}
	if ds := compare(t, a, b); len(ds) != 0 {
		t.Fatalf("reshaped release differs:\n%s", list(ds))
	}
	if a["infrastructure-components.yaml"] == b["infrastructure-components.yaml"] {
		t.Fatal("the reshaped file is the same text")
	}
}

// TestEachDifferenceReportedOnce: each kind of difference is one difference, in the
// section that owns it, and nothing else.
func TestEachDifferenceReportedOnce(t *testing.T) {
	t.Parallel()
	comps, tpl := "infrastructure-components.yaml", "cluster-template.yaml"
	cases := []struct {
		name, file, old, new string
		want                 Difference // Section, Subject, Path, Change, A, B are checked
	}{
		{"file only in B", "", "", "", Difference{Section: SectionFiles, Subject: "cluster-template-ha.yaml", Change: OnlyInB}},
		{"object only in A", comps, "apiVersion: v1\nkind: Service\n", "apiVersion: v1\nkind: Service\n# the service is gone\n",
			Difference{Section: SectionObjects, Subject: "Service capa-system/capa-webhook-service", Change: OnlyInA}},
		{"field changed", comps, "replicas: 1", "replicas: 2",
			Difference{Section: SectionObjects, Subject: "Deployment.apps capa-system/capa-controller-manager", Path: "spec.replicas", Change: Changed, A: "1", B: "2"}},
		{"label of a components object", comps, "    control-plane: controller-manager\n  name: capa-system", "  name: capa-system",
			Difference{Section: SectionObjects, Subject: "Namespace capa-system", Path: "metadata.labels", Change: OnlyInA, A: `{"control-plane":"controller-manager"}`}},
		{"image tag", comps, "controller:v1.2.0", "controller:v1.2.1",
			Difference{Section: SectionImages, Subject: "registry.example.com/acme/cluster-api-acme-controller", Change: Changed,
				A: "registry.example.com/acme/cluster-api-acme-controller:v1.2.0", B: "registry.example.com/acme/cluster-api-acme-controller:v1.2.1"}},
		{"image registry", comps, "registry.example.com/acme/cluster-api-acme-controller", "ghcr.io/acme/manager",
			Difference{Section: SectionImages, Subject: "registry.example.com/acme/cluster-api-acme-controller", Change: Changed,
				A: "registry.example.com/acme/cluster-api-acme-controller:v1.2.0", B: "ghcr.io/acme/manager:v1.2.0"}},
		{"variable now required", comps, "${ACME_LOG_LEVEL:=0}", "${ACME_LOG_LEVEL}",
			Difference{Section: SectionVariables, Subject: "${ACME_LOG_LEVEL}", Path: "required", Change: Changed, A: "defaulted: 0", B: "required"}},
		{"variable default", comps, "${ACME_LOG_LEVEL:=0}", "${ACME_LOG_LEVEL:=2}",
			Difference{Section: SectionVariables, Subject: "${ACME_LOG_LEVEL}", Path: "default", Change: Changed, A: "0", B: "2"}},
		{"variable only in B", tpl, "region: ${ACME_REGION}", "region: ${ACME_REGION}${ACME_ZONE:=a}",
			Difference{Section: SectionVariables, Subject: "${ACME_ZONE}", Change: OnlyInB, B: "defaulted: a"}},
		{"series only in B", "metadata.yaml", "  minor: 2\n  contract: v1beta1\n", "  minor: 2\n  contract: v1beta1\n- major: 1\n  minor: 3\n  contract: v1beta1\n",
			Difference{Section: SectionMetadata, Subject: "series v1.3", Change: OnlyInB, B: "v1beta1"}},
		{"served", comps, "    served: true\n    storage: false", "    served: false\n    storage: false",
			Difference{Section: SectionCRDs, Subject: "acmeclusters.infrastructure.cluster.x-k8s.io", Path: "versions[v1alpha1].served", Change: Changed, A: "true", B: "false"}},
		{"version removed", comps, "", "",
			Difference{Section: SectionCRDs, Subject: "acmeclusters.infrastructure.cluster.x-k8s.io", Path: "versions[v1alpha1]", Change: OnlyInA, A: "served: true, storage: false"}},
		{"schema field", comps, "                description: Region is the Acme region", "                description: The Acme region",
			Difference{Section: SectionCRDs, Subject: "acmeclusters.infrastructure.cluster.x-k8s.io", Path: "versions[v1beta1].schema.openAPIV3Schema.properties.spec.properties.region.description", Change: Changed}},
		{"conversion", comps, "strategy: Webhook", "strategy: None",
			Difference{Section: SectionCRDs, Subject: "acmeclusters.infrastructure.cluster.x-k8s.io", Path: "conversion.strategy", Change: Changed, A: "Webhook", B: "None"}},
		{"printer column", comps, "jsonPath: .status.ready", "jsonPath: .status.readiness",
			Difference{Section: SectionCRDs, Subject: "acmeclusters.infrastructure.cluster.x-k8s.io", Path: "versions[v1beta1].additionalPrinterColumns[Ready].jsonPath", Change: Changed, A: ".status.ready", B: ".status.readiness"}},
		{"template label", tpl, "  name: ${CLUSTER_NAME}\n  namespace: ${NAMESPACE}\nspec:\n  clusterNetwork", "  labels:\n    cluster.x-k8s.io/provider: x\n  name: ${CLUSTER_NAME}\n  namespace: ${NAMESPACE}\nspec:\n  clusterNetwork",
			Difference{Section: SectionObjects, Subject: "Cluster.cluster.x-k8s.io ${NAMESPACE}/${CLUSTER_NAME}", Path: "metadata.labels", Change: OnlyInB}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a := base(t)
			var b map[string]string
			switch c.name {
			case "file only in B":
				b = edit(t, a, "cluster-template.yaml", "", "")
				b["cluster-template-ha.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ha}\n"
			case "version removed":
				text := a[comps]
				from, to := strings.Index(text, "  - name: v1alpha1\n"), strings.Index(text, "    storage: false\n")
				b = edit(t, a, comps, text[from:to+len("    storage: false\n")], "")
			case "object only in A":
				text := a[comps]
				from := strings.Index(text, "apiVersion: v1\nkind: Service\n")
				to := from + strings.Index(text[from:], "---\n")
				b = edit(t, a, comps, text[from:to+4], "")
			default:
				b = edit(t, a, c.file, c.old, c.new)
			}
			ds := compare(t, a, b)
			if len(ds) != 1 {
				t.Fatalf("%d differences, want 1:\n%s", len(ds), list(ds))
			}
			got, w := ds[0], c.want
			if got.Section != w.Section || got.Subject != w.Subject || got.Path != w.Path || got.Change != w.Change ||
				w.A != "" && got.A != w.A || w.B != "" && got.B != w.B {
				t.Errorf("got %+v\nwant %+v", got, w)
			}
		})
	}
}

// TestRenamedVariable: a variable renamed in an argument is two variables
// differences (one only in A, one only in B) and no objects difference.
func TestRenamedVariable(t *testing.T) {
	t.Parallel()
	a := base(t)
	b := edit(t, a, "infrastructure-components.yaml", "--v=${ACME_LOG_LEVEL:=0}", "--v=${ACME_VERBOSITY:=0}")
	ds := compare(t, a, b)
	if len(ds) != 2 || ds[0].Section != SectionVariables || ds[1].Section != SectionVariables ||
		ds[0].Subject != "${ACME_LOG_LEVEL}" || ds[1].Subject != "${ACME_VERBOSITY}" {
		t.Fatalf("got:\n%s", list(ds))
	}
	c := edit(t, a, "infrastructure-components.yaml", "--v=${ACME_LOG_LEVEL:=0}", "--v=${EXP_MACHINE_POOL:=false}") // same names, another place
	if ds := compare(t, a, c); len(ds) != 2 || ds[0].Section != SectionObjects {
		t.Fatalf("a use moved between known variables must show in objects:\n%s", list(ds))
	}
}

func list(ds []Difference) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "  %+v\n", d)
	}
	return b.String()
}

// TestShowQuotesAPrefix: a long string of several lines shows as its whole quoted
// form cut at 200 characters does, whatever runes sit at the cut.
func TestShowQuotesAPrefix(t *testing.T) {
	t.Parallel()
	for _, s := range []string{strings.Repeat("a\nb", 100), strings.Repeat("é\n", 150), strings.Repeat("x", 199) + "\n" + strings.Repeat("日本", 20),
		"\n" + strings.Repeat("\x01", 300), strings.Repeat("ab\tc\n", 3), strings.Repeat("\x80\n", 150), "a\"b\\c\rd\n\x7f", "q\n\"'`"} {
		want := strconv.Quote(s)
		if len(want) > 200 {
			want = want[:197] + "..."
		}
		if got := show(s); got != want {
			t.Errorf("show(%q):\n%q\nwant\n%q", s[:20], got, want)
		}
	}
}

// TestProviderFiles: of a release holding several providers, one provider's upgrade
// history keeps its components file and the files that are no components file.
func TestProviderFiles(t *testing.T) {
	t.Parallel()
	in := inventory.Input{Label: "cluster-api", Files: []release.File{{Name: "core-components.yaml"}, {Name: "bootstrap-components.yaml"},
		{Name: "metadata.yaml"}, {Name: "cluster-template.yaml"}, {Name: "clusterclass-quick.yaml"}}, Unread: []string{"clusterctl-linux-amd64"}}
	got := ProviderFiles(in, "core-components.yaml")
	var kept []string
	for _, f := range got.Files {
		kept = append(kept, f.Name)
	}
	if strings.Join(kept, " ") != "core-components.yaml metadata.yaml cluster-template.yaml clusterclass-quick.yaml" ||
		strings.Join(got.Unread, " ") != "clusterctl-linux-amd64 bootstrap-components.yaml" {
		t.Errorf("kept %v, named %v", kept, got.Unread)
	}
	if all := ProviderFiles(in, ""); len(all.Files) != 5 {
		t.Errorf("no components name: %d files kept", len(all.Files))
	}
}

// TestProviderLabelDiffers: two paired releases whose labels both name the provider
// (builds, local repositories) differ in the label; a label derived from a URL is no
// evidence, so the same pair with one such side is equal.
func TestProviderLabelDiffers(t *testing.T) {
	a, b := input(base(t), "a"), input(base(t), "b")
	a.Label, b.Label = "infrastructure-foo", "infrastructure-bar"
	for _, named := range []bool{true, false} {
		a.Named, b.Named = true, named
		rep, err := Compare("A", "B", []inventory.Input{a}, []inventory.Input{b})
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		if named {
			want = 1
		}
		if got := rep.Count(); got != want {
			t.Fatalf("named %v: %d difference(s), want %d: %+v", named, got, want, rep.Pairs)
		}
		if named && rep.Pairs[0].Differences[0] != (Difference{Section: SectionReleases, Subject: "provider label", Change: Changed, A: "infrastructure-foo", B: "infrastructure-bar"}) {
			t.Errorf("got %+v", rep.Pairs[0].Differences[0])
		}
	}
}
