package contract

import (
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// heldRoles are the roles some service account holds, keyed "ClusterRole/<name>" and
// "Role/<name>" (clusterctl moves every Role and binding into the target namespace,
// so the name decides): the roleRef of every binding with a service account
// subject, the ClusterRoles labelled cluster.x-k8s.io/aggregate-to-manager (the Cluster
// API core's manager role aggregates them), and every ClusterRole a held aggregated
// role selects. A role nothing binds (kubebuilder's <kind>_admin_role, editor and
// viewer roles, written for cluster administrators to bind to people) gives no
// controller anything.
func heldRoles(docs []manifest.Doc, g *roleGraph) map[string]bool {
	held := map[string]bool{}
	var queue []string
	hold := func(name string) {
		if !held["ClusterRole/"+name] {
			held["ClusterRole/"+name] = true
			queue = append(queue, name)
		}
	}
	for _, d := range docs {
		k := d.Obj.Kind()
		if d.Obj.Group() != "rbac.authorization.k8s.io" || (k != "ClusterRoleBinding" && k != "RoleBinding") ||
			!slices.ContainsFunc(items(child(d.Node, "subjects")), serviceAccountSubject) {
			continue
		}
		ref := child(d.Node, "roleRef")
		if text(child(ref, "kind")) == "Role" {
			held["Role/"+text(child(ref, "name"))] = true
		} else {
			hold(text(child(ref, "name")))
		}
	}
	for _, d := range g.labelled {
		if d.Obj.StringMap("metadata", "labels")[aggregateLabel] == "true" {
			hold(d.Obj.Name())
		}
	}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		for _, m := range g.members(name) {
			hold(m)
		}
	}
	return held
}

// serviceAccountSubject: the subject is a service account, or a user or group every
// service account (of some namespace) is in.
func serviceAccountSubject(s *yaml.Node) bool {
	name := text(child(s, "name"))
	switch text(child(s, "kind")) {
	case "ServiceAccount":
		return true
	case "User":
		return strings.HasPrefix(name, "system:serviceaccount:")
	case "Group":
		return name == "system:authenticated" || strings.HasPrefix(name, "system:serviceaccounts")
	}
	return false
}

// roleKey is the heldRoles key of a Role or ClusterRole document.
func roleKey(d manifest.Doc) string {
	if d.Obj.Kind() == "Role" {
		return "Role/" + d.Obj.Name()
	}
	return "ClusterRole/" + d.Obj.Name()
}
