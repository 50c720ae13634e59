package contract

import (
	"fmt"
	"sort"
	"strings"
)

// shapeProblem describes how schema node n differs from w ("" if it matches or the
// schema cannot tell). Pointers and nullable fields satisfy the contract as well.
func shapeProblem(n map[string]any, w want) string {
	if t := typeOf(n); t != w.typ {
		if t == "" {
			return "" // no type: the schema accepts anything
		}
		return fmt.Sprintf("%s is %s, want %s", w.path, t, w.typ)
	}
	elem := n
	switch w.of {
	case "array":
		elem, _ = n["items"].(map[string]any)
	case "map":
		elem, _ = n["additionalProperties"].(map[string]any)
	}
	if elem == nil || preserves(elem) {
		return ""
	}
	var bad []string
	for _, f := range sortedKeys(w.fields) {
		fn, ok := properties(elem)[f].(map[string]any)
		switch {
		case !ok && w.of == "" && properties(elem) != nil:
			bad = append(bad, f+" is missing")
		case ok && typeOf(fn) != "" && typeOf(fn) != w.fields[f]:
			bad = append(bad, fmt.Sprintf("%s is %s, want %s", f, typeOf(fn), w.fields[f]))
		}
	}
	if len(bad) == 0 {
		return ""
	}
	return fmt.Sprintf("%s%s: %s", w.path, elemWord(w.of), strings.Join(bad, ", "))
}

func elemWord(of string) string {
	switch of {
	case "array":
		return " items"
	case "map":
		return " values"
	}
	return ""
}

func sortedKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// notReferenced says why kind c is probably not one Cluster API references as its
// role ("" when it may be): an InfraMachine or BootstrapConfig kind without a
// <Kind>Template while a sibling of the same role has one is created by the provider
// itself (a pool member such as AzureMachinePoolMachine, k0smotron's
// K0sControllerConfig), so its contract findings are lowered rather than guessed.
func notReferenced(s *scan, c crd) string {
	if c.role != "InfraMachine" && c.role != "BootstrapConfig" {
		return ""
	}
	for _, o := range s.crds {
		if o.group == c.group && o.kind == c.kind+"Template" {
			return ""
		}
	}
	if siblingHasTemplate(s, c) {
		return fmt.Sprintf("%s has no %sTemplate while another %s kind of %s has one, so Cluster API probably does not reference it as a %s", c.kind, c.kind, c.role, c.group, c.role)
	}
	return ""
}
