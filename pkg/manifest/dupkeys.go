package manifest

import yaml "go.yaml.in/yaml/v3"

// Dup is a key written twice in one mapping. clusterctl reads such a file (its
// sigs.k8s.io/yaml Unmarshal is not strict) and keeps the later value.
type Dup struct {
	Key   string
	Line  int // file line of the later key, the one that wins
	First int // file line of the earlier one, dropped
}

// dedupe keeps only the last entry of each key in every mapping under n, as
// clusterctl's reader does, and lists the keys it dropped.
func dedupe(n *yaml.Node) []Dup {
	if n == nil {
		return nil
	}
	var dups []Dup
	if n.Kind == yaml.MappingNode {
		n.Content, dups = lastOfEachKey(n.Content)
	}
	for _, c := range n.Content {
		dups = append(dups, dedupe(c)...)
	}
	return dups
}

// lastOfEachKey drops the key/value pairs of kv whose scalar key comes again later.
func lastOfEachKey(kv []*yaml.Node) ([]*yaml.Node, []Dup) {
	last := map[string]int{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i].Kind == yaml.ScalarNode {
			last[kv[i].Value] = i
		}
	}
	if len(last)*2 == len(kv)-len(kv)%2 {
		return kv, nil
	}
	var out []*yaml.Node
	var dups []Dup
	for i := 0; i+1 < len(kv); i += 2 {
		j, ok := last[kv[i].Value]
		if kv[i].Kind == yaml.ScalarNode && ok && j != i {
			dups = append(dups, Dup{Key: kv[i].Value, Line: kv[j].Line, First: kv[i].Line})
			continue
		}
		out = append(out, kv[i], kv[i+1])
	}
	return out, dups
}
