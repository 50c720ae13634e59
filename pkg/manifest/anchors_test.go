package manifest

import (
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

func TestMayHoldAnchors(t *testing.T) {
	t.Parallel()
	holds := []string{"a: &x 1\nb: *x\n", "&top\na: 1\n", "- &i x\n", "[&a x, *a]\n", "{a: &b c}\n", "a: !!str &t v\n", "a:\n\t&x b\n", "k: |\n  run && done\n", "\ufeff&root [x]\n"}
	none := []string{"description: R&D and AT&T\n", "a: b & c\n", "url: http://x/?a=1&b=2\n", "k: x&\n", "plain\n"}
	for _, in := range holds {
		if !MayHoldAnchors([]byte(in)) {
			t.Errorf("MayHoldAnchors(%q) = false", in)
		}
	}
	for _, in := range none {
		if MayHoldAnchors([]byte(in)) {
			t.Errorf("MayHoldAnchors(%q) = true", in)
		}
		var n yaml.Node // the negative cases really hold no anchor
		if err := yaml.Unmarshal([]byte(in), &n); err != nil || hasAnchor(&n) {
			t.Errorf("%q: parse %v, anchor found", in, err)
		}
	}
}

func hasAnchor(n *yaml.Node) bool {
	if n.Anchor != "" {
		return true
	}
	for _, c := range n.Content {
		if hasAnchor(c) {
			return true
		}
	}
	return false
}
