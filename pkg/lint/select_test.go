package lint

import "testing"

func TestWithPrefixAndValidFormat(t *testing.T) {
	t.Parallel()
	fs := Findings{{Rule: "metadata-series"}, {Rule: "vars-unbraced"}, {Rule: "metadata-yaml"}}
	if got := fs.WithPrefix("metadata-"); len(got) != 2 || got[0].Rule != "metadata-series" || got[1].Rule != "metadata-yaml" {
		t.Errorf("WithPrefix = %v", got)
	}
	if !ValidFormat("sarif") || ValidFormat("yaml") {
		t.Errorf("ValidFormat: sarif must be valid, yaml not")
	}
}
