package config

import (
	"strings"
	"testing"
)

// A document after the first is an error naming the file and its line, not ignored:
// whether it is valid, holds unknown keys or is not YAML at all.
func TestParseRefusesSecondDocument(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ data, want string }{
		{"providers: []\n---\nproviders: []\n", "capirepo.yaml:3: a second YAML document"},
		{"providers: []\n---\nnot_a_key: 1\n", "capirepo.yaml:3: a second YAML document"},
		{"providers: []\n---\n: : [\n", "capirepo.yaml: after the first document"},
	} {
		_, err := Parse("capirepo.yaml", []byte(tt.data))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err %v, want %q", tt.data, err, tt.want)
		}
	}
	for _, ok := range []string{"providers: []\n", "---\nproviders: []\n", "providers: []\n---\n"} {
		if _, err := Parse("capirepo.yaml", []byte(ok)); err != nil && strings.Contains(err.Error(), "document") {
			t.Errorf("%q: %v", ok, err)
		}
	}
}
