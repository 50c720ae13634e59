package manifest

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

// TestReadClusterctlAgreesWithClusterctl: ReadClusterctl's verdict on every reader
// case is clusterctl v1.14.2's own: generate cluster reads the case as a template,
// generate provider --describe as a components file, and each fails on its reader
// ("failed to read yaml", "failed to unmarshal") exactly when ReadClusterctl does.
func TestReadClusterctlAgreesWithClusterctl(t *testing.T) {
	t.Parallel()
	bins := clusterctl.Pick(t, "v1.14.2")
	if len(bins) == 0 {
		t.Skip("clusterctl v1.14.2 is not installed")
	}
	for _, in := range refCases {
		t.Run(in.name, func(t *testing.T) {
			t.Parallel()
			_, want := ReadClusterctl([]byte(in.in))
			_, stderr, _ := bins[0].GenerateCluster(t, in.in, "")
			if got := readerFailed(stderr); got != (want != nil) {
				t.Errorf("template: clusterctl reader failed = %v, ReadClusterctl: %v\n%s", got, want, stderr)
			}
			comp := "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n---\n" + in.in
			_, stderr, _ = bins[0].DescribeProvider(t, comp)
			_, want = ReadClusterctl([]byte(comp))
			if got := readerFailed(stderr); got != (want != nil) {
				t.Errorf("components: clusterctl reader failed = %v, ReadClusterctl: %v\n%s", got, want, stderr)
			}
		})
	}
}

func readerFailed(stderr string) bool {
	return strings.Contains(stderr, "failed to read yaml") || strings.Contains(stderr, "failed to unmarshal the") ||
		strings.Contains(stderr, "failed to parse yaml")
}
