package contract

import (
	"os"
	"sort"
	"strings"
	"testing"
)

// TestGrantsMatchLikeTheAPIServer: "*" groups, resources and verbs, "*/status" and
// resourceNames behave as the RBAC authorizer's evaluation helpers.
func TestGrantsMatchLikeTheAPIServer(t *testing.T) {
	t.Parallel()
	g := grants{}
	g.add([]policyRule{
		{groups: []string{"infrastructure.foo.com"}, resources: []string{"fooclusters"}, verbs: []string{"get", "list"}},
		{groups: []string{"infrastructure.foo.com"}, resources: []string{"*/status"}, verbs: []string{"patch"}},
		{groups: []string{"*"}, resources: []string{"events"}, verbs: []string{"*"}},
		{groups: []string{"infrastructure.foo.com"}, resources: []string{"foomachines"}, verbs: []string{"watch"}, named: true},
		{groups: []string{""}, resources: []string{"pods/*"}, verbs: []string{"get"}},
	})
	cases := []struct {
		group, resource, verb string
		want                  bool
	}{
		{"infrastructure.foo.com", "fooclusters", "get", true},
		{"infrastructure.foo.com", "fooclusters", "watch", false},
		{"infrastructure.foo.com", "fooclusters/status", "patch", true},
		{"infrastructure.foo.com", "fooclusters", "patch", false},
		{"events.k8s.io", "events", "create", true},
		{"infrastructure.foo.com", "foomachines", "watch", false},
		{"", "pods/log", "get", false}, // "pods/*" is no wildcard
		{"", "pods/*", "get", true},
	}
	for _, c := range cases {
		if got := g.allows(c.group, c.resource, c.verb); got != c.want {
			t.Errorf("allows(%s, %s, %s) = %v, want %v", c.group, c.resource, c.verb, got, c.want)
		}
	}
	if got := g.missing("infrastructure.foo.com", "fooclusters", readWrite); strings.Join(got, " ") != "watch update|patch" {
		t.Errorf("missing = %v", got)
	}
}

// TestAggregationResolves: selectors (matchLabels and matchExpressions), nested and
// cyclic aggregation, the bootstrap roles, and unknown roles.
func TestAggregationResolves(t *testing.T) {
	t.Parallel()
	docs := split(t, `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: top
  labels: {tier: b}
aggregationRule:
  clusterRoleSelectors:
  - matchLabels: {tier: a}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: middle
  labels: {tier: a}
aggregationRule:
  clusterRoleSelectors:
  - matchExpressions:
    - {key: tier, operator: In, values: [b, c]}
    - {key: skip, operator: DoesNotExist}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: leaf
  labels: {tier: c, rbac.authorization.k8s.io/aggregate-to-view: "true"}
rules:
- {apiGroups: [x.io], resources: [things], verbs: [get]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: skipped
  labels: {tier: c, skip: "yes"}
rules:
- {apiGroups: [x.io], resources: [others], verbs: [get]}
`)
	g := newRoleGraph(docs)
	cases := []struct {
		role, resource string
		known, want    bool
	}{
		{"top", "things", true, true},
		{"top", "others", true, false},
		{"view", "things", true, true},
		{"admin", "things", true, true},
		{"cluster-admin", "anything", true, true},
		{"missing", "things", false, false},
	}
	for _, c := range cases {
		rules, known := g.clusterRole(c.role)
		gr := grants{}
		gr.add(rules)
		if known != c.known || gr.allows("x.io", c.resource, "get") != c.want {
			t.Errorf("%s on %s: known %v, allowed %v; want %v, %v", c.role, c.resource, known, gr.allows("x.io", c.resource, "get"), c.known, c.want)
		}
	}
}

// TestHeldRoles: a role is held through a binding with a service account subject
// (also as its user or group), a RoleBinding of a Role, aggregation into a held role
// (nested, and through a held bootstrap role), or the core's aggregate-to-manager
// label; bindings of people and roles nothing binds hold nothing.
func TestHeldRoles(t *testing.T) {
	t.Parallel()
	docs := split(t, `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: a}
roleRef: {kind: ClusterRole, name: outer}
subjects: [{kind: ServiceAccount, name: manager, namespace: foo-system}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: outer}
aggregationRule:
  clusterRoleSelectors: [{matchLabels: {part: outer}}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: inner, labels: {part: outer}}
aggregationRule:
  clusterRoleSelectors: [{matchLabels: {part: inner}}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: leaf, labels: {part: inner}}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: b, namespace: foo-system}
roleRef: {kind: Role, name: leader}
subjects: [{kind: User, name: "system:serviceaccount:foo-system:manager"}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: c}
roleRef: {kind: ClusterRole, name: edit}
subjects: [{kind: Group, name: "system:serviceaccounts:foo-system"}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: editor, labels: {rbac.authorization.k8s.io/aggregate-to-edit: "true"}}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: core, labels: {cluster.x-k8s.io/aggregate-to-manager: "true"}}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: d}
roleRef: {kind: ClusterRole, name: people}
subjects: [{kind: Group, name: admins}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: people}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: unbound-admin}
`)
	held := heldRoles(docs, newRoleGraph(docs))
	var got []string
	for k := range held {
		got = append(got, k)
	}
	sort.Strings(got)
	want := "ClusterRole/core ClusterRole/edit ClusterRole/editor ClusterRole/inner ClusterRole/leaf ClusterRole/outer Role/leader"
	if strings.Join(got, " ") != want {
		t.Errorf("held roles:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
}

// TestUnresolvedBindingWarns: a binding of the manager to a role the components do not
// ship grants nothing on a cluster without it (the RBAC authorizer skips it:
// k8s.io/kubernetes pkg/registry/rbac/validation DefaultRuleResolver.VisitRulesFor),
// so it is a warning that says so, not a note.
func TestUnresolvedBindingWarns(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/rules/components-manager-rbac-unresolved/fail/bootstrap-components.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fs := Components(Input{File: "bootstrap-components.yaml", Docs: split(t, string(data))})
	var got []string
	for _, f := range fs {
		if f.Rule == ruleManagerRBACUnknown.ID {
			got = append(got, string(f.Severity))
			if !strings.Contains(f.Message, "grants nothing") {
				t.Errorf("message %q does not say the binding grants nothing", f.Message)
			}
		}
	}
	if strings.Join(got, " ") != "warning" {
		t.Errorf("components-manager-rbac-unresolved severities %v, want one warning", got)
	}
}
