package metadata

import (
	"strings"
	"testing"
)

func TestParseLenient(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, data, wantErr string
		series              int
	}{
		{"no apiVersion or kind", "releaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n", "", 1},
		{"wrong apiVersion and unknown field", "apiVersion: x/v1\nkind: Metadata\nfoo: 1\nreleaseSeries: []\n", "", 0},
		{"not YAML", "releaseSeries: {major: [", "metadata.yaml", 0},
		{"not a mapping", "- a\n- b\n", "metadata.yaml", 0},
		{"series value not an integer", "releaseSeries:\n- {major: one, minor: 0, contract: v1beta1}\n", "metadata-series-value", 0},
	} {
		m, err := ParseLenient("metadata.yaml", []byte(tt.data))
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.wantErr)
		case tt.wantErr == "" && (err != nil || len(m.ReleaseSeries) != tt.series):
			t.Errorf("%s: %v, %v; want %d series", tt.name, m, err, tt.series)
		}
	}
	m, _ := ParseLenient("metadata.yaml", []byte("releaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n- {major: 1, minor: 3, contract: v1beta1}\n- {major: 2, minor: 0, contract: v1beta2}\n"))
	if s := m.SeriesForContract("v1beta1"); s == nil || s.String() != "1.3" {
		t.Errorf("SeriesForContract(v1beta1) = %v, want 1.3", s)
	}
	if s := m.SeriesForContract("v1alpha4"); s != nil {
		t.Errorf("SeriesForContract(v1alpha4) = %v, want none", s)
	}
}
