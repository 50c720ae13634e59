package contract

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// shape is the JSON shape Cluster API reads a value as: unstructured.NestedString,
// NestedInt64, NestedBool, or json.Unmarshal into its contract type, which fails on a
// value of another type (an object where a string is wanted), at any depth.
type shape struct {
	typ      string           // JSON schema type: boolean, string, integer, object, array
	fields   map[string]shape // object properties Cluster API reads
	required []string         // of fields: those whose absence Cluster API cannot read around
	items    *shape           // array items
	values   *shape           // map values (additionalProperties)
}

func str() shape     { return shape{typ: "string"} }
func integer() shape { return shape{typ: "integer"} }
func boolean() shape { return shape{typ: "boolean"} }

// object is an object of the given fields; required lists the ones that must exist.
func object(fields map[string]shape, required ...string) shape {
	return shape{typ: "object", fields: fields, required: required}
}

func arrayOf(s shape) shape { return shape{typ: "array", items: &s} }
func mapOf(s shape) shape   { return shape{typ: "object", values: &s} }

// shapeProblem describes how schema node n differs from s at path ("" if it matches
// or the schema cannot tell: no type, x-kubernetes-preserve-unknown-fields).
// Pointers and nullable fields satisfy the contract as well.
func shapeProblem(n map[string]any, s shape, path string) string {
	if n == nil || preserves(n) {
		return ""
	}
	if t := typeOf(n); t != s.typ {
		if t == "" || s.typ == "" {
			return ""
		}
		return fmt.Sprintf("%s is %s, want %s", path, t, s.typ)
	}
	var bad []string
	for _, f := range sortedKeys(s.fields) {
		fn, ok := properties(n)[f].(map[string]any)
		switch {
		case !ok && properties(n) != nil && slices.Contains(s.required, f):
			bad = append(bad, path+"."+f+" is missing")
		case ok:
			bad = appendProblem(bad, shapeProblem(fn, s.fields[f], path+"."+f))
		}
	}
	if s.items != nil {
		items, _ := n["items"].(map[string]any)
		bad = appendProblem(bad, shapeProblem(items, *s.items, path+"[]"))
	}
	if s.values != nil {
		values, _ := n["additionalProperties"].(map[string]any)
		bad = appendProblem(bad, shapeProblem(values, *s.values, path+"[*]"))
	}
	return strings.Join(bad, ", ")
}

func appendProblem(bad []string, p string) []string {
	if p == "" {
		return bad
	}
	return append(bad, p)
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// notReferenced says why kind c is probably not one Cluster API references as its
// role ("" when it may be): an InfraMachine or BootstrapConfig kind without a
// <Kind>Template while a sibling of the same role has one is created by the provider
// itself (a pool member such as AzureMachinePoolMachine, k0smotron's
// K0sControllerConfig), so its contract findings are lowered rather than guessed.
func notReferenced(s *scan, c crd) string {
	if c.role != "InfraMachine" && c.role != "BootstrapConfig" {
		return ""
	}
	if hasTemplate(s, c) {
		return ""
	}
	if siblingHasTemplate(s, c) {
		return fmt.Sprintf("%s has no %sTemplate while another %s kind of %s has one, so Cluster API probably does not reference it as %s", c.kind, c.kind, c.role, c.group, withArticle(c.role))
	}
	return ""
}

// roleMarks are fields of which a kind Cluster API references as the role has at least
// one, under either contract: the paths of the role's unconditional "must" field rules
// (fieldRules, in order; v1beta1's before v1beta2's).
func roleMarks(role string) []string {
	var out []string
	for _, r := range fieldRules {
		if !r.must || r.when != "" || r.template || !slices.Contains(r.roles, role) {
			continue
		}
		for _, con := range []string{layout.ContractV1beta1, layout.ContractV1beta2} {
			for _, w := range r.want[con] {
				if !slices.Contains(out, w.path) {
					out = append(out, w.path)
				}
			}
		}
	}
	return out
}

// roleFieldsAbsent lists the marks of c's role when its newest served version has none
// of them ("" when it has one, or its schema cannot tell): with notReferenced, a second
// piece of evidence that Cluster API does not read c as that role (k0smotron's
// PooledRemoteMachine, a pool entry beside RemoteMachine).
func roleFieldsAbsent(c crd) string {
	marks := roleMarks(c.role)
	sv := c.servedVersion(latest(c))
	for _, p := range marks {
		if _, st := sv.field(p); st != missing {
			return ""
		}
	}
	return strings.Join(marks, ", ")
}

// hasTemplate: the file defines c's <Kind>Template in c's group.
func hasTemplate(s *scan, c crd) bool {
	for _, o := range s.crds {
		if o.group == c.group && o.kind == c.kind+"Template" {
			return true
		}
	}
	return false
}

// withArticle is a role with its indefinite article: "an InfraMachine".
func withArticle(role string) string {
	if strings.ContainsRune("AEIOU", rune(role[0])) {
		return "an " + role
	}
	return "a " + role
}
