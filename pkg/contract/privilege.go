package contract

import (
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

var (
	ruleDefaultAccount = rule("components-service-account-default", lint.Warning, "\"The deployment must use a dedicated service account with limited RBAC permission\" (Runtime SDK proposal: deploy Runtime Extensions, identity and access management; the same holds for controllers): a Deployment or DaemonSet without serviceAccountName runs as the namespace's default service account, which every other pod of the namespace shares (unless it mounts no token: automountServiceAccountToken: false).")
	rulePrivileged     = rule("components-privileged", lint.Warning, "\"The Pod spec in the Deployment manifest should enforce security best practices (e.g. do not use privileged pods etc.)\" (Runtime SDK proposal: identity and access management; security model: privilege escalation): a container with securityContext.privileged: true or allowPrivilegeEscalation: true breaks least privilege.")
	ruleRBACWildcard   = rule("components-rbac-wildcard", lint.Warning, "\"The deployment must use a dedicated service account with limited RBAC permission\" (Runtime SDK proposal: identity and access management): a rule with verbs \"*\", or resources \"*\" outside the cluster.x-k8s.io groups and the provider's own (Cluster API's core needs every resource of the provider groups, infrastructure contract: Cluster API controllers), in a Role or ClusterRole a service account holds (bound to one, aggregated into a held role, or labelled cluster.x-k8s.io/aggregate-to-manager for the core's manager), or a binding to cluster-admin, grants more than a controller needs. Roles nothing binds, such as kubebuilder's <kind> admin roles for cluster administrators, give no controller anything and are not reported.")
)

// checkServiceAccounts: every Deployment and DaemonSet names its own service account.
func checkServiceAccounts(s *scan) lint.Findings {
	var out lint.Findings
	for _, d := range s.in.Docs {
		spec := podSpec(d)
		if spec != nil && podAccount(d) == "default" && text(child(spec, "automountServiceAccountToken")) != "false" {
			out = append(out, report(ruleDefaultAccount, s.in.File, d, d.LineOf("spec", "template", "spec"),
				"pods run as the namespace's default service account with its token mounted; create a ServiceAccount for %s, bind only the roles it needs, and set spec.template.spec.serviceAccountName (or automountServiceAccountToken: false if it never calls the API)", d.Obj.Name()))
		}
	}
	return out
}

// checkPrivileged reports privileged containers and allowed privilege escalation.
func checkPrivileged(s *scan) lint.Findings {
	var out lint.Findings
	for _, d := range s.in.Docs {
		spec := podSpec(d)
		for _, c := range append(items(child(spec, "initContainers")), items(child(spec, "containers"))...) {
			sc := child(c, "securityContext")
			for _, key := range []string{"privileged", "allowPrivilegeEscalation"} {
				if n := child(sc, key); text(n) == "true" {
					out = append(out, report(rulePrivileged, s.in.File, d, n.Line,
						"container %q sets %s: true; drop it (and set allowPrivilegeEscalation: false) unless the controller cannot work without it", text(child(c, "name")), key))
				}
			}
		}
	}
	return out
}

// checkRBACWildcards reports "*" verbs and resources in the roles service accounts
// hold, and bindings to cluster-admin.
func checkRBACWildcards(s *scan) lint.Findings {
	own := ownGroups(s.crds)
	held := heldRoles(s.in.Docs, newRoleGraph(s.in.Docs))
	var out lint.Findings
	for _, d := range s.in.Docs {
		if d.Obj.Group() != "rbac.authorization.k8s.io" {
			continue
		}
		switch d.Obj.Kind() {
		case "Role", "ClusterRole":
			if !held[roleKey(d)] {
				continue // bound to no service account: for people, not controllers
			}
			for _, r := range items(child(d.Node, "rules")) {
				out = append(out, wildcardRule(s, d, r, own)...)
			}
		case "RoleBinding", "ClusterRoleBinding":
			if ref := child(d.Node, "roleRef"); text(child(ref, "kind")) == "ClusterRole" && text(child(ref, "name")) == "cluster-admin" {
				out = append(out, report(ruleRBACWildcard, s.in.File, d, lineOr(child(ref, "name"), d.Line),
					"binds cluster-admin, which allows everything on every resource; bind a ClusterRole listing what the controller uses"))
			}
		}
	}
	return out
}

func wildcardRule(s *scan, d manifest.Doc, r *yaml.Node, own map[string]bool) lint.Findings {
	var out lint.Findings
	if n := wildcardItem(child(r, "verbs")); n != nil {
		out = append(out, report(ruleRBACWildcard, s.in.File, d, n.Line,
			"rule allows every verb (\"*\") on %s; list the verbs the controller uses", strings.Join(texts(child(r, "resources")), ", ")))
	}
	groups := texts(child(r, "apiGroups"))
	if n := wildcardItem(child(r, "resources")); n != nil && slices.ContainsFunc(groups, func(g string) bool { return !isCAPIGroup(g) && !own[g] }) {
		out = append(out, report(ruleRBACWildcard, s.in.File, d, n.Line,
			"rule allows every resource (\"*\") of API groups %s; list the resources the controller uses", strings.Join(quoteEmpty(groups), ", ")))
	}
	return out
}

func wildcardItem(list *yaml.Node) *yaml.Node {
	for _, n := range items(list) {
		if text(n) == "*" {
			return n
		}
	}
	return nil
}

// quoteEmpty spells the core group "" so messages show it.
func quoteEmpty(groups []string) []string {
	out := make([]string, len(groups))
	for i, g := range groups {
		out[i] = orDefault(g, `""`)
	}
	return out
}
