package contract

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// policyRule is one rule of a Role or ClusterRole.
type policyRule struct {
	groups, resources, verbs []string
	named                    bool // resourceNames set: it never grants list or watch of every object
}

func policyRules(role *yaml.Node) []policyRule {
	var out []policyRule
	for _, r := range items(child(role, "rules")) {
		out = append(out, policyRule{groups: texts(child(r, "apiGroups")), resources: texts(child(r, "resources")),
			verbs: texts(child(r, "verbs")), named: len(items(child(r, "resourceNames"))) > 0})
	}
	return out
}

// grants indexes what rules allow: API group -> resource -> verbs, with "*" kept as a
// key, so one lookup costs the same whatever the number of rules.
type grants map[string]map[string]map[string]bool

func (g grants) add(rules []policyRule) {
	for _, r := range rules {
		if r.named {
			continue
		}
		for _, grp := range r.groups {
			if g[grp] == nil {
				g[grp] = map[string]map[string]bool{}
			}
			for _, res := range r.resources {
				if g[grp][res] == nil {
					g[grp][res] = map[string]bool{}
				}
				for _, v := range r.verbs {
					g[grp][res][v] = true
				}
			}
		}
	}
}

// CoveringResources lists the entries of a rule's resources that cover a requested
// resource ("plural" or "plural/sub") as the API server matches them
// (ResourceMatches in k8s.io/kubernetes pkg/apis/rbac/v1 evaluation_helpers.go,
// resourceCoversAll in k8s.io/component-helpers auth/rbac/validation
// policy_comparator.go): the resource itself, "*", and "*/sub" for a subresource.
// "plural/*" is no wildcard: it covers only a request for "plural/*" itself.
func CoveringResources(resource string) []string {
	keys := []string{resource, "*"}
	if _, sub, ok := strings.Cut(resource, "/"); ok {
		keys = append(keys, "*/"+sub)
	}
	return keys
}

// allows matches as the API server's RBAC authorizer does (VerbMatches,
// APIGroupMatches, ResourceMatches): "*" matches any group, resource or verb, and
// CoveringResources the resource.
func (g grants) allows(group, resource, verb string) bool {
	keys := CoveringResources(resource)
	for _, grp := range []string{group, "*"} {
		for _, k := range keys {
			if vs := g[grp][k]; vs[verb] || vs["*"] {
				return true
			}
		}
	}
	return false
}

// missing returns, for each alternative set of verbs, the verbs of the first set
// when none of the sets is fully allowed; a set of one verb is a plain need.
func (g grants) missing(group, resource string, need [][]string) []string {
	var out []string
	for _, alt := range need {
		ok := false
		for _, v := range alt {
			ok = ok || g.allows(group, resource, v)
		}
		if !ok {
			out = append(out, strings.Join(alt, "|"))
		}
	}
	return out
}
