package upgrade

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/contract"
	"github.com/capirepo/capirepo/pkg/inventory"
)

// rbac reports, per ClusterRole of next, the cluster-wide grants no ClusterRole of
// the previous release gave, except those on next's own CRDs (a new kind of the
// provider needs its controller's permissions).
func (c *check) rbac() {
	var roles []string
	added := map[string][]inventory.Grant{}
	for _, g := range c.next.RBAC {
		if !g.Cluster || granted(c.prev.RBAC, g) || ownResource(c.next, g) {
			continue
		}
		if added[g.Role] == nil {
			roles = append(roles, g.Role)
		}
		added[g.Role] = append(added[g.Role], g)
	}
	for _, role := range roles {
		file, line := objectAt(c.next, "ClusterRole", role)
		c.add(RuleRBAC, file, line, "ClusterRole "+role, fmt.Sprintf("%s grants what %s did not: %s. Review the new permissions; whoever runs clusterctl upgrade must hold them, or the API server refuses the role: ... is attempting to grant RBAC permissions not currently held",
			name(c.next), name(c.prev), describeGrants(added[role])))
	}
}

// describeGrants prints grants by what they allow: "get, list on apps/deployments; patch on URL /metrics".
func describeGrants(gs []inventory.Grant) string {
	var whats []string
	verbs := map[string][]string{}
	for _, g := range gs {
		w := describeTarget(g)
		if verbs[w] == nil {
			whats = append(whats, w)
		}
		verbs[w] = append(verbs[w], g.Verb)
	}
	parts := make([]string, len(whats))
	for i, w := range whats {
		parts[i] = strings.Join(verbs[w], ", ") + " on " + w
	}
	return strings.Join(parts, "; ")
}

// granted reports whether a cluster-wide grant of old allows g, matching resources
// as the API server does (contract.CoveringResources).
func granted(old []inventory.Grant, g inventory.Grant) bool {
	covering := contract.CoveringResources(g.Resource)
	for _, o := range old {
		if !o.Cluster || !anyOf(o.Verb, g.Verb, "*") {
			continue
		}
		if g.NonResourceURL != "" {
			if o.NonResourceURL == g.NonResourceURL || strings.HasSuffix(o.NonResourceURL, "*") && strings.HasPrefix(g.NonResourceURL, strings.TrimSuffix(o.NonResourceURL, "*")) {
				return true
			}
			continue
		}
		if o.NonResourceURL == "" && anyOf(o.APIGroup, g.APIGroup, "*") && slices.Contains(covering, o.Resource) &&
			(o.ResourceName == "" || o.ResourceName == g.ResourceName) {
			return true
		}
	}
	return false
}

// describeTarget prints what a grant is on: "apiextensions.k8s.io/customresourcedefinitions/status".
func describeTarget(g inventory.Grant) string {
	if g.NonResourceURL != "" {
		return "URL " + g.NonResourceURL
	}
	what := g.Resource
	if g.APIGroup != "" {
		what = g.APIGroup + "/" + what
	}
	if g.ResourceName != "" {
		what += " named " + g.ResourceName
	}
	return what
}

// objectAt finds an object of r by kind and name (any namespace): its file and line.
func objectAt(r *inventory.Release, kind, name string) (string, int) {
	for _, o := range r.Objects {
		if o.Kind == kind && o.Name == name {
			return o.File, o.Line
		}
	}
	return "", 0
}

// ownResource reports a grant on a resource (or subresource) of one of r's CRDs.
func ownResource(r *inventory.Release, g inventory.Grant) bool {
	base, _, _ := strings.Cut(g.Resource, "/")
	return g.NonResourceURL == "" && base != "" && base != "*" && r.CRD(base+"."+g.APIGroup) != nil
}
