package manifest

import (
	"math"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// toObject converts a mapping node to an Object without reflection. ok is false when
// the document holds aliases, duplicate keys or tags this converter does not model
// (timestamps, binary); the caller then uses yaml.v3's Decode, which also bounds alias
// expansion and reports duplicates.
func toObject(n *yaml.Node) (Object, bool) {
	v, ok := toValue(n)
	if !ok {
		return nil, false
	}
	m, ok := v.(map[string]any)
	return m, ok
}

func toValue(n *yaml.Node) (any, bool) {
	switch n.Kind {
	case yaml.MappingNode:
		return toMap(n)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, ok := toValue(c)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	case yaml.ScalarNode:
		return scalar(n)
	}
	return nil, false // aliases, documents
}

func toMap(n *yaml.Node) (any, bool) {
	out := make(map[string]any, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" || k.ShortTag() != "!!str" && k.ShortTag() != "!!int" && k.ShortTag() != "!!bool" {
			return nil, false
		}
		if _, dup := out[k.Value]; dup {
			return nil, false // Decode reports the duplicate key with its lines
		}
		v, ok := toValue(n.Content[i+1])
		if !ok {
			return nil, false
		}
		out[k.Value] = v
	}
	return out, true
}

// scalar resolves a scalar the way yaml.v3 decodes it into an interface{}.
func scalar(n *yaml.Node) (any, bool) {
	switch n.ShortTag() {
	case "!!str":
		return n.Value, true
	case "!!null":
		return nil, true
	case "!!bool":
		b, err := strconv.ParseBool(strings.ToLower(n.Value))
		return b, err == nil
	case "!!int":
		return parseInt(n.Value)
	case "!!float":
		return parseFloat(n.Value)
	}
	return nil, false
}

func parseInt(s string) (any, bool) {
	clean := strings.ReplaceAll(s, "_", "")
	if i, err := strconv.ParseInt(clean, 0, 64); err == nil {
		if i == int64(int(i)) {
			return int(i), true
		}
		return i, true
	}
	if u, err := strconv.ParseUint(clean, 0, 64); err == nil {
		return u, true
	}
	return nil, false
}

func parseFloat(s string) (any, bool) {
	switch strings.ToLower(s) {
	case ".inf", "+.inf":
		return math.Inf(1), true
	case "-.inf":
		return math.Inf(-1), true
	case ".nan":
		return math.NaN(), true
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	return f, err == nil
}
