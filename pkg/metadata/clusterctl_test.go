package metadata

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

const refHead = "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\n"

// refCases are metadata.yaml texts for v0.1.0 of a v1beta1 provider and whether
// clusterctl v1.14.2 reads them (generate provider --describe).
var refCases = []struct {
	name, text string
	ok         bool
}{
	{"valid", refHead + "releaseSeries:\n- major: 0\n  minor: 1\n  contract: v1beta1\n", true},
	{"contract yes", refHead + "releaseSeries:\n- major: 0\n  minor: 1\n  contract: yes\n", false},
	{"contract on", refHead + "releaseSeries:\n- major: 0\n  minor: 1\n  contract: on\n", false},
	{"contract number", refHead + "releaseSeries:\n- major: 0\n  minor: 1\n  contract: 1.0\n", false},
	{"minor 1.0", refHead + "releaseSeries:\n- major: 0\n  minor: 1.0\n  contract: v1beta1\n", true},
	{"minor 1e0", refHead + "releaseSeries:\n- major: 0\n  minor: 1e0\n  contract: v1beta1\n", true},
	{"minor 1.5", refHead + "releaseSeries:\n- major: 0\n  minor: 1.5\n  contract: v1beta1\n", false},
	{"minor string", refHead + "releaseSeries:\n- major: 0\n  minor: \"1\"\n  contract: v1beta1\n", false},
	{"later document broken", refHead + "releaseSeries:\n- major: 0\n  minor: 1\n  contract: v1beta1\n---\nfoo: [\n", true},
	{"empty first document", "---\n---\n" + refHead + "releaseSeries:\n- major: 0\n  minor: 1\n  contract: v1beta1\n", false},
	{"escaped slash", "apiVersion: \"clusterctl.cluster.x-k8s.io\\/v1alpha3\"\nkind: Metadata\nreleaseSeries:\n- major: 0\n  minor: 1\n  contract: v1beta1\n", false},
	{"tab indent", refHead + "releaseSeries:\n- major: 0\n\tminor: 1\n", false},
	{"other apiVersion", "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha4\nkind: Metadata\nreleaseSeries:\n- major: 0\n  minor: 1\n  contract: v1beta1\n", false},
	{"no kind", "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nreleaseSeries:\n- major: 0\n  minor: 1\n  contract: v1beta1\n", true},
	{"duplicate key", refHead + "kind: Metadata\nreleaseSeries:\n- major: 0\n  minor: 1\n  contract: v1beta1\n", true},
	{"json", `{"apiVersion": "clusterctl.cluster.x-k8s.io/v1alpha3", "kind": "Metadata", "releaseSeries": [{"major": 0, "minor": 1, "contract": "v1beta1"}]}`, true},
}

// TestParseVerdictIsClusterctls: Parse accepts exactly what clusterctl's decoder
// (runtime.DecodeInto with its scheme's UniversalDecoder, then validateMetadata)
// accepts, and a refusal names a line when the text has one.
func TestParseVerdictIsClusterctls(t *testing.T) {
	t.Parallel()
	for _, c := range refCases {
		_, err := Parse("metadata.yaml", []byte(c.text))
		if (err == nil) != c.ok {
			t.Errorf("%s: Parse err = %v, want ok = %v", c.name, err, c.ok)
		}
		if refErr := refVerdict([]byte(c.text)); (refErr == nil) != c.ok {
			t.Errorf("%s: clusterctl's decoder err = %v, want ok = %v", c.name, refErr, c.ok)
		}
	}
}

// TestParseVerdictClusterctlBinary: clusterctl v1.14.2 itself agrees with refCases.
func TestParseVerdictClusterctlBinary(t *testing.T) {
	t.Parallel()
	for _, b := range clusterctl.Pick(t, "v1.14.2") {
		for _, c := range refCases {
			_, stderr, err := b.DescribeWithMetadata(t, c.text)
			if (err == nil) != c.ok {
				t.Errorf("clusterctl %s, %s: ok = %v, want %v\n%s", b.Version, c.name, err == nil, c.ok, strings.TrimSpace(stderr))
			}
		}
	}
}

// refVerdict is clusterctl's whole reading: decodeClusterctl, then validateMetadata
// (apiVersion exactly APIVersion, kind Metadata or empty, a release series).
func refVerdict(data []byte) error {
	m, err := decodeClusterctl(data)
	switch {
	case err != nil:
		return err
	case m.APIVersion != APIVersion:
		return fmt.Errorf("invalid provider metadata: unexpected apiVersion %q (expected %q)", m.APIVersion, APIVersion)
	case m.Kind != Kind && m.Kind != "":
		return fmt.Errorf("invalid provider metadata: unexpected kind %q (expected %q)", m.Kind, Kind)
	case len(m.ReleaseSeries) == 0:
		return fmt.Errorf("invalid provider metadata: releaseSeries is empty")
	}
	return nil
}
