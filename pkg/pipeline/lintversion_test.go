package pipeline

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

// Without --version, lint checks the newest series' .0 release; a given version wins;
// a config with no series asks for --version.
func TestLintVersion(t *testing.T) {
	t.Parallel()
	series := "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 2, contract: v1beta1}\n- {major: 1, minor: 10, contract: v1beta1}\n- {major: 0, minor: 9, contract: v1beta1}\n"
	cfg := project(t, "", map[string]string{"repo/metadata.yaml": series})
	for given, want := range map[string]string{"": "v1.10.0", "v2.0.0-rc.1": "v2.0.0-rc.1"} {
		var v layout.Version // no --version
		if given != "" {
			v = layout.MustParseVersion(given)
		}
		if got, err := LintVersion(cfg, v); err != nil || got.String() != want || got.Check() != nil {
			t.Errorf("LintVersion(%q) = %s, %v, want %s", given, got, err, want)
		}
	}
	empty := project(t, "", map[string]string{"repo/metadata.yaml": "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\n"})
	if _, err := LintVersion(empty, layout.Version{}); err == nil || !strings.Contains(err.Error(), "pass --version") {
		t.Errorf("no series: %v", err)
	}
}
