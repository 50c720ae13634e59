package metadata

import "testing"

func TestMarshalGivenKeepsOrderAndForm(t *testing.T) {
	t.Parallel()
	got := string(MarshalGiven([]Series{{Major: 1, Minor: 1, Contract: "v1beta2"}, {Major: 0, Minor: 3, Contract: "v1beta1"}}))
	want := "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n" +
		"- major: 1\n  minor: 1\n  contract: v1beta2\n- major: 0\n  minor: 3\n  contract: v1beta1\n"
	if got != want {
		t.Errorf("MarshalGiven =\n%s\nwant\n%s", got, want)
	}
	if _, err := Parse("metadata.yaml", []byte(got)); err != nil {
		t.Errorf("MarshalGiven output does not parse: %v", err)
	}
}
