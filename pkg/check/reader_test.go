package check

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

const cm = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${CLUSTER_NAME}-a\n"

// readerTemplates are templates whose fate in clusterctl v1.14.2's generate cluster
// is known (ok: it generates them); rule and line are the finding lint must give.
var readerTemplates = []struct {
	name, tpl string
	ok        bool
	rule      string
	line      int
}{
	{"duplicate key: later wins", cm + "data:\n  k: a\n  k: b\n", true, "warning:yaml-duplicate-key", 7},
	{"separator with a block scalar", cm + "--- |\n  text\n", false, "error:yaml-parse", 5},
	{"bare scalar document", cm + "---\njust a line\n", false, "error:yaml-parse", 6},
	{"cross-document alias", cm + "  labels: &l {a: b}\n---\n" + cm + "  labels: *l\n", false, "error:yaml-parse", 11},
	{"slash escape", cm + "data:\n  k: \"a \\/ b\"\n", false, "error:yaml-parse", 6},
	{"yes as a label", cm + "  labels:\n    enabled: yes\n", true, "error:yaml-not-string", 6},
	{"on as ConfigMap data", cm + "data:\n  k: on\n", true, "error:yaml-not-string", 6},
	{"two namespaces (fixTargetNamespace moves both)", cm + "  namespace: a\n---\n" + cm + "  namespace: b\n", true, "warning:template-namespace-mixed", 11},
	{"leading separator", "---\n" + cm + "data:\n  k: [\n", false, "error:yaml-parse", 7},
}

// TestReaderTemplates: template lint gives each case its finding at its file line.
func TestReaderTemplates(t *testing.T) {
	t.Parallel()
	for _, c := range readerTemplates {
		fs := Release(rel(map[string]string{"metadata.yaml": meta, "cluster-template.yaml": c.tpl}), Options{Partial: true})
		if f := only(fs, c.rule); f == nil || f.Line != c.line {
			t.Errorf("%s: want %s at line %d, got %v", c.name, c.rule, c.line, fs)
		}
	}
}

// TestReaderTemplatesClusterctl: clusterctl v1.14.2 generates exactly the cases marked
// ok (a label `yes` it generates as true, which the API server refuses).
func TestReaderTemplatesClusterctl(t *testing.T) {
	t.Parallel()
	bins := clusterctl.Pick(t, "v1.14.2")
	for _, c := range readerTemplates {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			for _, b := range bins {
				out, stderr, err := b.GenerateCluster(t, c.tpl, "")
				if (err == nil) != c.ok {
					t.Errorf("clusterctl %s: generate ok = %v, want %v\n%s", b.Version, err == nil, c.ok, stderr)
				}
				if c.rule == "error:yaml-not-string" && !strings.Contains(out, ": true") {
					t.Errorf("clusterctl %s did not turn the value into a boolean:\n%s", b.Version, out)
				}
			}
		})
	}
}

func only(fs lint.Findings, rule string) *lint.Finding {
	for i, f := range fs {
		if string(f.Severity)+":"+f.Rule == rule {
			return &fs[i]
		}
	}
	return nil
}
