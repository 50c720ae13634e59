package contract

import (
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/lint"
)

var (
	ruleManagerRBAC        = rule("components-manager-rbac", lint.Warning, "\"A cluster infrastructure provider must have RBAC permissions for the types it defines\" (infrastructure contract: RBAC, provider controller; kubebuilder's +kubebuilder:rbac markers generate them): the service account of the manager Deployment must, cluster-wide, get, list, watch and update or patch each kind its controllers reconcile (the contract kinds and the provider's own kinds with a status subresource) and update or patch its /status; without them the controller's watch or patch is forbidden and the kind is never reconciled. Resolved as the API server does: ServiceAccount, (Cluster)RoleBindings, (Cluster)Roles with aggregationRule and Kubernetes' bootstrap roles, \"*\" honoured. A warning: the provider installs and runs.")
	ruleManagerRBACMaybe   = rule("components-manager-rbac-unproven", lint.Note, "components-manager-rbac for a kind no evidence shows a controller of the manager reconciles (a kind of the provider's own groups with a status subresource, or one whose contract role is guessed from its fields): capirepo cannot tell whether the missing grant matters; if a controller reconciles the kind, its watch or patch is forbidden.")
	ruleManagerRBACUnknown = rule("components-manager-rbac-unresolved", lint.Warning, "A binding of the manager's service account names a role the components do not ship (nor a Kubernetes bootstrap role): \"The clusterctl command requires that both the components YAML and the cluster templates contain all the required objects\" (clusterctl contract 7.3). A warning: clusterctl init installs the binding and the API server accepts it, but on a management cluster without that role it grants nothing (the RBAC authorizer skips a binding whose role it cannot get: k8s.io/kubernetes pkg/registry/rbac/validation/rule.go DefaultRuleResolver.VisitRulesFor, GetRoleReferenceRules), so whatever the manager needs from it is forbidden; components-manager-rbac checks nothing else then.")
)

// reconciled: the provider's controllers reconcile c: a contract kind, or a kind of
// the provider's own groups with a status subresource; Templates are only read.
func reconciled(c crd, own map[string]bool) bool {
	if c.plural == "" || strings.HasSuffix(c.kind, "Template") {
		return false
	}
	return c.role != "" || own[c.group] && c.hasStatus()
}

func (c crd) hasStatus() bool {
	for v := range c.versions {
		if _, ok := c.servedVersion(v).subresources["status"]; ok {
			return true
		}
	}
	return false
}

var (
	readWrite   = [][]string{{"get"}, {"list"}, {"watch"}, {"update", "patch"}}
	statusWrite = [][]string{{"update", "patch"}}
)

// checkManagerRBAC: each reconciled kind must be readable and writable by a manager.
func checkManagerRBAC(s *scan) lint.Findings {
	accounts, deps := managerAccounts(s.in.Docs)
	if len(accounts) == 0 {
		return nil
	}
	a := accessOf(s.in.Docs, newRoleGraph(s.in.Docs), accounts, s.target)
	if len(a.unresolved) > 0 {
		return unresolvedFindings(s, a.unresolved)
	}
	own := ownGroups(s.crds)
	var out lint.Findings
	for _, c := range s.crds {
		if !reconciled(c, own) {
			continue
		}
		if gap := rbacGap(a, c, c.hasStatus()); gap != "" && !shownReconciled(c) {
			out = append(out, report(ruleManagerRBACMaybe, s.in.File, c.doc, c.doc.LineOf("spec", "names", "plural"),
				"the manager (Deployment %s, service account %s) is not granted %s%s; capirepo cannot tell whether its controllers reconcile %s (nothing in the release shows one does: it is no contract kind by name); if one does, grant it (+kubebuilder:rbac:groups=%s,resources=%s,verbs=get;list;watch;update;patch)",
				deps[0].Obj.Name(), strings.Join(accounts, ", "), gap, nsNote(a, c), c.kind, c.group, c.plural))
		} else if gap != "" {
			out = append(out, report(ruleManagerRBAC, s.in.File, c.doc, c.doc.LineOf("spec", "names", "plural"),
				"the manager (Deployment %s, service account %s) is not granted %s%s, so its controller cannot reconcile %s: grant it in the manager's ClusterRole (+kubebuilder:rbac:groups=%s,resources=%s,verbs=get;list;watch;update;patch and resources=%s/status,verbs=get;update;patch)",
				deps[0].Obj.Name(), strings.Join(accounts, ", "), gap, nsNote(a, c), c.kind, c.group, c.plural, c.plural))
		}
	}
	return out
}

// shownReconciled: c is a contract kind by its name, which Cluster API requires the
// provider's controllers to reconcile.
func shownReconciled(c crd) bool { return c.role != "" && !c.byFields }

// rbacGap says what the cluster-wide grants lack for c ("" when nothing).
func rbacGap(a access, c crd, status bool) string {
	var parts []string
	if m := a.cluster.missing(c.group, c.plural, readWrite); len(m) > 0 {
		parts = append(parts, strings.Join(m, ", ")+" on "+c.plural+"."+c.group)
	}
	if status {
		if m := a.cluster.missing(c.group, c.plural+"/status", statusWrite); len(m) > 0 {
			parts = append(parts, strings.Join(m, ", ")+" on "+c.plural+"/status")
		}
	}
	return strings.Join(parts, ", nor ")
}

// nsNote names the namespaces where a RoleBinding grants what is missing cluster-wide.
func nsNote(a access, c crd) string {
	var nss []string
	for ns, g := range a.namespaced {
		if len(g.missing(c.group, c.plural, readWrite)) == 0 {
			nss = append(nss, ns)
		}
	}
	if len(nss) == 0 {
		return ""
	}
	sort.Strings(nss)
	return " cluster-wide (a RoleBinding grants it only in namespace " + strings.Join(nss, ", ") + ", but clusterctl installs controllers watching every namespace)"
}

func unresolvedFindings(s *scan, refs []roleRef) lint.Findings {
	var out lint.Findings
	for _, r := range refs {
		out = append(out, report(ruleManagerRBACUnknown, s.in.File, r.binding, r.line,
			"binds the manager's service account to %s %q, which the components do not ship: on a management cluster without it the binding grants nothing (the RBAC authorizer skips it), and what the manager may do cannot be checked; ship the role", orDefault(r.kind, "role"), r.name))
	}
	return out
}
