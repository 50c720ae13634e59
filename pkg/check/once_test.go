package check

import (
	"path"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
)

// flatFindings is what linting each target of ts gives when every file of a target
// has one finding, the same in every target, and metadata.yaml one more that names
// the target's provider (as metadata-crd-contract-compat does).
func flatFindings(ts []Target) lint.Findings {
	var fs lint.Findings
	for _, t := range ts {
		for _, f := range t.Release.Files {
			file := path.Join(t.Dir, f.Name)
			fs = append(fs, lint.Finding{Rule: "r", Severity: lint.Warning, File: file, Line: 1, Message: "same"})
			if f.Name == "metadata.yaml" {
				fs = append(fs, lint.Finding{Rule: "r", Severity: lint.Warning, File: file, Line: 2, Message: t.Release.Label()})
			}
		}
	}
	return fs
}

// TestOnceReportsFlatMetadataOnce: in a flat folder of several providers, the
// metadata.yaml finding every target repeats is reported once; the ones that
// differ per provider and all findings on the other files stay, in order.
func TestOnceReportsFlatMetadataOnce(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "v1.9.6")
	writeFlat(t, dir, map[string]string{
		"core-components.yaml":      ns("cluster-api"),
		"bootstrap-components.yaml": ns("bootstrap-kubeadm"),
		"metadata.yaml":             "kind: Metadata\n",
	})
	ts, err := Discover([]string{dir})
	if err != nil || len(ts) != 2 {
		t.Fatalf("Discover = %d targets, %v; want 2", len(ts), err)
	}
	all := flatFindings(ts)
	meta := path.Join(dir, "metadata.yaml")
	var want lint.Findings
	for i, f := range all {
		if f.File != meta || f.Line != 1 || i == indexOf(all, f) {
			want = append(want, f)
		}
	}
	if got := Once(ts, all); !reflect.DeepEqual(got, want) || len(want) != len(all)-1 {
		t.Errorf("Once =\n%v\nwant (%d of %d)\n%v", []lint.Finding(got), len(want), len(all), []lint.Finding(want))
	}
}

// TestOnceKeepsOtherRepeats: targets that share no file (one release folder given
// twice) keep every finding, repeats included.
func TestOnceKeepsOtherRepeats(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "infrastructure-foo", "v1.0.0")
	writeFlat(t, dir, map[string]string{"infrastructure-components.yaml": ns("infrastructure-foo"), "metadata.yaml": "kind: Metadata\n"})
	ts, err := Discover([]string{dir, dir})
	if err != nil || len(ts) != 2 {
		t.Fatalf("Discover = %d targets, %v; want 2", len(ts), err)
	}
	all := flatFindings(ts)
	if got := Once(ts, all); !reflect.DeepEqual(got, all) {
		t.Errorf("Once =\n%v\nwant all %d findings\n%v", []lint.Finding(got), len(all), []lint.Finding(all))
	}
}

func indexOf(fs lint.Findings, f lint.Finding) int {
	for i, g := range fs {
		if g == f {
			return i
		}
	}
	return -1
}
