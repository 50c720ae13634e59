package contract

import (
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

const aggregateLabel = "cluster.x-k8s.io/aggregate-to-manager"

var fullAccess = []string{"create", "delete", "get", "list", "patch", "update", "watch"}

// templateAccess is what the v1.14 contract pages grant InfraClusterTemplates and
// ControlPlaneTemplates: Cluster API reads and patches them but never creates or
// deletes them (InfraMachineTemplates and BootstrapConfigTemplates get full access).
var templateAccess = []string{"get", "list", "patch", "update", "watch"}

// neededVerbs are the verbs the contract pages grant a role.
func neededVerbs(role string) []string {
	if role == "InfraClusterTemplate" || role == "ControlPlaneTemplate" {
		return templateAccess
	}
	return fullAccess
}

// grant is what the aggregated ClusterRoles allow on one resource.
type grant struct {
	verbs map[string]bool
	doc   manifest.Doc
	line  int // first rule that matched
}

// coveredGroups are the provider groups the core's own ClusterRole grants full access
// to (cluster-api v1.14 core/config/rbac/role.yaml: resources '*'); contract kinds of
// any other group, vmware.infrastructure.cluster.x-k8s.io included, need an
// aggregated ClusterRole.
var coveredGroups = map[string]bool{
	"addons.cluster.x-k8s.io": true, "bootstrap.cluster.x-k8s.io": true,
	"controlplane.cluster.x-k8s.io": true, "infrastructure.cluster.x-k8s.io": true,
}

// checkAggregation: contract kinds outside the groups the core's ClusterRole covers
// need an aggregated ClusterRole so the core controllers can read and write them.
func checkAggregation(s *scan) lint.Findings {
	roles := aggregatedRoles(s)
	var out lint.Findings
	short := map[int][]string{} // rule line -> resources granted without full access
	var lines []int
	grants := map[int]grant{}
	missing := map[int][]string{}
	for _, c := range s.crds {
		if c.role == "" || coveredGroups[c.group] || c.plural == "" {
			continue
		}
		g := granted(roles, c.group, c.plural)
		switch {
		case g.line == 0:
			out = append(out, report(ruleAggregate, s.in.File, c.doc, c.doc.LineOf("spec", "group"),
				"%s kind %s is in API group %s, which the Cluster API core's ClusterRole does not cover (it grants only addons, bootstrap, controlplane and infrastructure.cluster.x-k8s.io), and no ClusterRole labelled %s: \"true\" grants %s; add one with verbs %s", c.role, c.kind, c.group, aggregateLabel, c.plural, strings.Join(fullAccess, ", ")))
		case len(missingVerbs(g.verbs, neededVerbs(c.role))) > 0:
			if _, seen := short[g.line]; !seen {
				lines = append(lines, g.line)
			}
			short[g.line] = append(short[g.line], c.plural+"."+c.group)
			grants[g.line] = g
			missing[g.line] = mergeVerbs(missing[g.line], missingVerbs(g.verbs, neededVerbs(c.role)))
		}
	}
	for _, l := range lines {
		g := grants[l]
		out = append(out, report(ruleAggregateVerbs, s.in.File, g.doc, l,
			"aggregated ClusterRole grants %s without %s; Cluster API needs full read/write access", strings.Join(short[l], ", "), strings.Join(missing[l], ", ")))
	}
	return out
}

func aggregatedRoles(s *scan) []manifest.Doc {
	var out []manifest.Doc
	for _, d := range s.in.Docs {
		if d.Obj.Kind() == "ClusterRole" && d.Obj.StringMap("metadata", "labels")[aggregateLabel] == "true" {
			out = append(out, d)
		}
	}
	return out
}

func granted(roles []manifest.Doc, group, plural string) grant {
	g := grant{verbs: map[string]bool{}}
	for _, d := range roles {
		for _, r := range items(child(d.Node, "rules")) {
			if !matches(r, "apiGroups", group) || !matches(r, "resources", plural) {
				continue
			}
			if g.line == 0 {
				g.doc, g.line = d, r.Line
			}
			for _, v := range texts(child(r, "verbs")) {
				g.verbs[v] = true
			}
		}
	}
	return g
}

func matches(rule *yaml.Node, key, want string) bool {
	vals := texts(child(rule, key))
	return slices.Contains(vals, want) || slices.Contains(vals, "*")
}

func missingVerbs(verbs map[string]bool, need []string) []string {
	if verbs["*"] {
		return nil
	}
	var out []string
	for _, v := range need {
		if !verbs[v] {
			out = append(out, v)
		}
	}
	return out
}

// mergeVerbs adds the verbs of b not in a, keeping fullAccess order.
func mergeVerbs(a, b []string) []string {
	var out []string
	for _, v := range fullAccess {
		if slices.Contains(a, v) || slices.Contains(b, v) {
			out = append(out, v)
		}
	}
	return out
}
