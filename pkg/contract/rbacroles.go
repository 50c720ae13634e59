package contract

import (
	"slices"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// roleGraph is the file's Roles and ClusterRoles, resolved as the API server
// resolves them: an aggregated ClusterRole holds the rules of every ClusterRole its
// aggregationRule selects (the clusterrole-aggregation controller), and the
// bootstrap roles every cluster has are known.
type roleGraph struct {
	cluster  map[string]manifest.Doc // ClusterRoles by name
	roles    map[string]manifest.Doc // Roles by namespace/name
	labelled []manifest.Doc          // ClusterRoles with labels, candidates for aggregation
	memo     map[string][]policyRule
}

func newRoleGraph(docs []manifest.Doc) *roleGraph {
	g := &roleGraph{cluster: map[string]manifest.Doc{}, roles: map[string]manifest.Doc{}, memo: map[string][]policyRule{}}
	for _, d := range docs {
		if d.Obj.Group() != "rbac.authorization.k8s.io" {
			continue
		}
		switch d.Obj.Kind() {
		case "ClusterRole":
			g.cluster[d.Obj.Name()] = d
			if len(d.Obj.StringMap("metadata", "labels")) > 0 {
				g.labelled = append(g.labelled, d)
			}
		case "Role":
			g.roles[d.Obj.Namespace()+"/"+d.Obj.Name()] = d
		}
	}
	return g
}

// bootstrapAggregation are the selectors of Kubernetes' aggregated bootstrap roles
// (plugin/pkg/auth/authorizer/rbac/bootstrappolicy): edit is labelled
// aggregate-to-admin and view aggregate-to-edit, so each includes the next.
var bootstrapAggregation = map[string][]string{
	"admin": {"rbac.authorization.k8s.io/aggregate-to-admin", "rbac.authorization.k8s.io/aggregate-to-edit", "rbac.authorization.k8s.io/aggregate-to-view"},
	"edit":  {"rbac.authorization.k8s.io/aggregate-to-edit", "rbac.authorization.k8s.io/aggregate-to-view"},
	"view":  {"rbac.authorization.k8s.io/aggregate-to-view"},
}

var everything = []policyRule{{groups: []string{"*"}, resources: []string{"*"}, verbs: []string{"*"}}}

// clusterRole returns the effective rules of a ClusterRole; known is false when the
// role is neither in the file nor a bootstrap role.
func (g *roleGraph) clusterRole(name string) (rules []policyRule, known bool) {
	if rules, ok := g.memo[name]; ok {
		return rules, true
	}
	g.memo[name] = nil // a cycle of aggregations adds nothing
	d, inFile := g.cluster[name]
	_, builtin := bootstrapAggregation[name]
	switch {
	case inFile && child(d.Node, "aggregationRule") != nil, !inFile && builtin:
		for _, m := range g.members(name) {
			sub, _ := g.clusterRole(m)
			rules = append(rules, sub...)
		}
	case inFile:
		rules = policyRules(d.Node)
	case name == "cluster-admin":
		rules = everything
	default:
		delete(g.memo, name)
		return nil, false
	}
	g.memo[name] = rules
	return rules, true
}

// members are the ClusterRoles the aggregated ClusterRole name selects: by the
// selectors of its aggregationRule, or for a bootstrap role not in the file (admin,
// edit, view) by the labels Kubernetes' aggregation uses (value "true").
func (g *roleGraph) members(name string) []string {
	d, inFile := g.cluster[name]
	selectors := items(at(d.Node, "aggregationRule", "clusterRoleSelectors"))
	keys := bootstrapAggregation[name]
	if inFile {
		keys = nil
	}
	var out []string
	for _, m := range g.labelled {
		labels := m.Obj.StringMap("metadata", "labels")
		if m.Obj.Name() == name {
			continue
		}
		if slices.ContainsFunc(selectors, func(s *yaml.Node) bool { return selects(s, labels) }) ||
			slices.ContainsFunc(keys, func(k string) bool { return labels[k] == "true" }) {
			out = append(out, m.Obj.Name())
		}
	}
	return out
}

// selects evaluates a metav1.LabelSelector: every matchLabels pair and every
// matchExpressions requirement (In, NotIn, Exists, DoesNotExist) must hold.
func selects(sel *yaml.Node, labels map[string]string) bool {
	m := child(sel, "matchLabels")
	for i := 0; m != nil && i+1 < len(m.Content); i += 2 {
		if v, ok := labels[m.Content[i].Value]; !ok || v != m.Content[i+1].Value {
			return false
		}
	}
	for _, e := range items(child(sel, "matchExpressions")) {
		v, has := labels[text(child(e, "key"))]
		in := slices.Contains(texts(child(e, "values")), v)
		switch text(child(e, "operator")) {
		case "In":
			if !has || !in {
				return false
			}
		case "NotIn":
			if has && in {
				return false
			}
		case "Exists":
			if !has {
				return false
			}
		case "DoesNotExist":
			if has {
				return false
			}
		default:
			return false
		}
	}
	return true
}
