package inventory

import "github.com/capirepo/capirepo/pkg/manifest"

// grantsOf expands the rules of a Role or ClusterRole into one Grant per verb and
// resource (or non-resource URL, or resource name), so that a grown rule shows as new
// grants. Other objects grant nothing here.
func grantsOf(obj manifest.Object) []Grant {
	kind := obj.Kind()
	if obj.Group() != "rbac.authorization.k8s.io" || kind != "ClusterRole" && kind != "Role" {
		return nil
	}
	role := obj.Name()
	if kind == "Role" {
		role = obj.Namespace() + "/" + role
	}
	var out []Grant
	for _, r := range obj.Slice("rules") {
		rule := manifest.Object(asMap(r))
		base := Grant{Role: role, Cluster: kind == "ClusterRole"}
		for _, verb := range stringList(rule.Slice("verbs")) {
			base.Verb = verb
			out = append(out, ruleGrants(base, rule)...)
		}
	}
	return out
}

// ruleGrants is one verb of a rule over its groups × resources (× names), or its URLs.
func ruleGrants(base Grant, rule manifest.Object) []Grant {
	var out []Grant
	for _, u := range stringList(rule.Slice("nonResourceURLs")) {
		g := base
		g.NonResourceURL = u
		out = append(out, g)
	}
	names := stringList(rule.Slice("resourceNames"))
	if len(names) == 0 {
		names = []string{""}
	}
	for _, group := range stringList(rule.Slice("apiGroups")) {
		for _, res := range stringList(rule.Slice("resources")) {
			for _, n := range names {
				g := base
				g.APIGroup, g.Resource, g.ResourceName = group, res, n
				out = append(out, g)
			}
		}
	}
	return out
}
