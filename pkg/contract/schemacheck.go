package contract

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// target is a contract label Cluster API reads and the API version it resolves to.
type target struct {
	contract, version string
	line              int
}

// schemaContracts are the contracts whose paths are known (internal/contract).
var schemaContracts = []string{layout.ContractV1beta2, layout.ContractV1beta1}

// targets are the (contract, version) pairs the Cluster API cores that the
// metadata's contract runs on read: a v1beta1 release runs on v1beta1 cores, which
// read the cluster.x-k8s.io/v1beta1 label, and on v1beta2 cores (cluster-api
// v1.11-v1.14, onto which clusterctl v1.14 installs v1beta1 providers), which read
// the v1beta2 label first; a v1beta2 release runs on v1beta2 cores only, which read
// the v1beta2 label or else the v1beta1 one (GetCompatibleVersions,
// GetLatestContractAndAPIVersionFromContract); each takes the highest version listed.
// Without a contract every known label is read. Versions the CRD does not define are
// left to crd-contract-label.
func targets(c crd, contract string) []target {
	var out []target
	for _, con := range schemaContracts {
		if !readsLabel(c, contract, con) {
			continue
		}
		key := layout.ContractLabel(con)
		v := highestVersion(c.doc.Obj.StringMap("metadata", "labels")[key])
		if _, ok := c.versions[v]; ok {
			out = append(out, target{con, v, c.doc.LineOf("metadata", "labels", key)})
		}
	}
	return out
}

// readsLabel: some core the metadata's contract runs on reads label con of c.
func readsLabel(c crd, contract, con string) bool {
	labels := c.doc.Obj.StringMap("metadata", "labels")
	if labels[layout.ContractLabel(con)] == "" {
		return false
	}
	switch contract {
	case "", con:
		return true
	case layout.ContractV1beta1:
		return con == layout.ContractV1beta2 // a v1beta2 core reads it before the v1beta1 label
	case layout.ContractV1beta2:
		return con == layout.ContractV1beta1 && labels[layout.ContractLabel(layout.ContractV1beta2)] == ""
	}
	return false
}

// coreOf names the cores that read label con for a release of contract, for messages.
func coreOf(contract, con string) string {
	if contract == layout.ContractV1beta1 && con == layout.ContractV1beta2 {
		return " (the v1beta2 cores, cluster-api v1.11-v1.14, onto which clusterctl installs this v1beta1 release, read this label first)"
	}
	return ""
}

// highestVersion is the highest Kubernetes-aware version of an underscore list.
func highestVersion(value string) string {
	best := ""
	for _, v := range strings.Split(value, "_") {
		if best == "" || less(versionRank(best), versionRank(v)) || versionRank(best) == versionRank(v) && v > best {
			best = v
		}
	}
	return best
}

var ruleSchemaUnknown = rule("contract-schema-unknown", lint.Note, "A contract path under x-kubernetes-preserve-unknown-fields (or a CRD without a schema) cannot be verified from the CRD: the API server keeps whatever the provider writes there, so Cluster API's accessors (internal/contract/types.go and the kind accessors) read it as written.")

// checkSchemas runs the field rules on every contract kind, per contract label read;
// paths the schema cannot tell about make one note per kind and version.
func checkSchemas(s *scan) lint.Findings {
	var out lint.Findings
	for _, c := range s.crds {
		if !slices.Contains(rolesAll, c.role) {
			continue
		}
		for _, t := range targets(c, s.in.Contract) {
			sv := c.servedVersion(t.version)
			var unknowns []string
			for _, r := range fieldRules {
				if slices.Contains(r.roles, c.role) && sv.schema != nil {
					fs, u := r.check(s, c, t, sv)
					out, unknowns = append(out, fs...), append(unknowns, u...)
				}
			}
			if sv.schema == nil {
				out = append(out, schemaFinding(s, c, t, ruleSchemaUnknown, t.line, "cannot verify the contract paths: the version has no schema", ""))
			} else if len(unknowns) > 0 {
				out = append(out, schemaFinding(s, c, t, ruleSchemaUnknown, sv.line(c, unknowns[0]), "cannot verify "+strings.Join(unknowns, ", ")+": the schema does not describe them (x-kubernetes-preserve-unknown-fields)", ""))
			}
		}
	}
	return out
}

// check returns the rule's findings and the paths the schema cannot tell about.
func (r fieldRule) check(s *scan, c crd, t target, sv served) (lint.Findings, []string) {
	if r.when != "" {
		if n, st := sv.field(r.when); st != present || typeOf(n) == "object" && len(properties(n)) == 0 {
			return nil, nil // absent, or an empty placeholder (managed control planes)
		}
	}
	if r.template && !hasTemplate(s, c) {
		if r.classless.ID == "" {
			return nil, nil
		}
		r.rule = r.classless // only the topology reconciler reads it, for ClusterClasses
	}
	var out lint.Findings
	found := false
	for _, w := range r.want[t.contract] {
		n, st := sv.field(w.path)
		switch st {
		case unknown:
			return out, []string{w.path}
		case present:
			found = true
			if p := shapeProblem(n, w.shape, w.path); p != "" {
				out = append(out, r.finding(s, c, t, sv, w.path, p+otherShape(sv, r, t, w)))
			}
		}
	}
	if r.must && !found {
		w := r.want[t.contract][0]
		out = append(out, r.finding(s, c, t, sv, w.path, w.path+" is missing"+otherShape(sv, r, t, w)))
	}
	return out, nil
}

func (r fieldRule) finding(s *scan, c crd, t target, sv served, path, problem string) lint.Finding {
	return schemaFinding(s, c, t, r.rule, sv.line(c, path), problem+"; Cluster API: "+r.does, r.fix)
}

// schemaFinding names the CRD, the API version and contract checked, the path,
// what Cluster API does and the fix; kinds not referenced as contract types are
// lowered to warnings (referenced).
func schemaFinding(s *scan, c crd, t target, r lint.Rule, line int, problem, fix string) lint.Finding {
	msg := fmt.Sprintf("%s %s/%s, read under label cluster.x-k8s.io/%s%s as the %s contract's %s: %s", c.kind, c.group, t.version, t.contract, coreOf(s.in.Contract, t.contract), t.contract, c.role, problem)
	if fix != "" {
		msg += "; fix: " + fix
	}
	f := report(r, s.in.File, c.doc, line, "%s", msg)
	if why := notReferenced(s, c); why != "" && f.Severity == lint.Error {
		sev, because := lint.Warning, why
		if none := roleFieldsAbsent(c); none != "" {
			sev, because = lint.Note, why+"; and it has none of the fields Cluster API reads of "+withArticle(c.role)+": "+none
		}
		f.Severity, f.Message = sev, fmt.Sprintf("%s (%s, not error: %s)", f.Message, sev, because)
	}
	return f
}

// otherShape hints at the classic migration mistake: the other contract's path.
func otherShape(sv served, r fieldRule, t target, w want) string {
	for con, ws := range r.want {
		for _, o := range ws {
			if con == t.contract || o.path == w.path && o.typ == w.typ {
				continue
			}
			if n, st := sv.field(o.path); st == present && shapeProblem(n, o.shape, o.path) == "" {
				return fmt.Sprintf(" (the schema has the %s contract's %s instead)", con, o.path)
			}
		}
	}
	return ""
}
