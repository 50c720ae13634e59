package contract

import (
	"slices"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// access is what a set of service accounts may do, resolved from the file's
// bindings: cluster-wide through ClusterRoleBindings, in one namespace through
// RoleBindings, and the role references the file cannot resolve.
type access struct {
	cluster    grants
	namespaced map[string]grants // namespace -> grants
	unresolved []roleRef
}

// roleRef is a binding's reference to a role the file does not ship.
type roleRef struct {
	binding manifest.Doc
	line    int
	kind    string
	name    string
}

// accessOf resolves the access of the named service accounts (after clusterctl's
// rewrite every subject namespace is the target namespace, so names suffice).
func accessOf(docs []manifest.Doc, g *roleGraph, accounts []string, target string) access {
	a := access{cluster: grants{}, namespaced: map[string]grants{}}
	for _, d := range docs {
		k := d.Obj.Kind()
		if d.Obj.Group() != "rbac.authorization.k8s.io" || (k != "ClusterRoleBinding" && k != "RoleBinding") {
			continue
		}
		if !slices.ContainsFunc(items(child(d.Node, "subjects")), func(s *yaml.Node) bool { return subjectIs(s, accounts, target) }) {
			continue
		}
		ref := child(d.Node, "roleRef")
		rules, known := g.bound(d, text(child(ref, "kind")), text(child(ref, "name")))
		switch {
		case !known:
			a.unresolved = append(a.unresolved, roleRef{d, lineOr(child(ref, "name"), d.Line), text(child(ref, "kind")), text(child(ref, "name"))})
		case k == "ClusterRoleBinding":
			a.cluster.add(rules)
		default:
			ns := d.Obj.Namespace()
			if a.namespaced[ns] == nil {
				a.namespaced[ns] = grants{}
			}
			a.namespaced[ns].add(rules)
		}
	}
	return a
}

// bound returns the rules a binding's roleRef names: a ClusterRole, or a Role in the
// binding's namespace.
func (g *roleGraph) bound(binding manifest.Doc, kind, name string) ([]policyRule, bool) {
	if kind == "ClusterRole" {
		return g.clusterRole(name)
	}
	d, ok := g.roles[binding.Obj.Namespace()+"/"+name]
	if kind != "Role" || !ok {
		return nil, false
	}
	return policyRules(d.Node), true
}

// subjectIs: the subject names one of the service accounts, directly, as the user
// system:serviceaccount:<ns>:<name>, or through the groups every service account
// (of the namespace) belongs to.
func subjectIs(s *yaml.Node, accounts []string, target string) bool {
	name := text(child(s, "name"))
	switch text(child(s, "kind")) {
	case "ServiceAccount":
		return slices.Contains(accounts, name)
	case "User":
		return slices.ContainsFunc(accounts, func(a string) bool { return name == "system:serviceaccount:"+target+":"+a })
	case "Group":
		return name == "system:serviceaccounts" || name == "system:authenticated" || name == "system:serviceaccounts:"+target
	}
	return false
}

// podAccount is the service account a Deployment's pods run as ("default" unless set;
// serviceAccount is the deprecated spelling).
func podAccount(d manifest.Doc) string {
	spec := podSpec(d)
	return orDefault(text(child(spec, "serviceAccountName")), orDefault(text(child(spec, "serviceAccount")), "default"))
}

// managerAccounts are the service accounts of the Deployments running a manager
// container (the controllers clusterctl waits for), with one Deployment each for messages.
func managerAccounts(docs []manifest.Doc) (names []string, deployments []manifest.Doc) {
	for _, d := range docs {
		if d.Obj.Kind() == "Deployment" && hasManager(d) && !slices.Contains(names, podAccount(d)) {
			names = append(names, podAccount(d))
			deployments = append(deployments, d)
		}
	}
	return names, deployments
}
