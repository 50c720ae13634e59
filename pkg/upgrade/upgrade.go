// Package upgrade is the upgrade doctor: given a provider's new release and the
// earlier releases a management cluster may run before it, it reports what breaks
// when clusterctl upgrades such a cluster to the new release (a storage version
// removed, a CRD the previous release's templates use removed, a served version
// dropped, versions without conversion, a ${VAR} newly required, a contract changed
// in place, RBAC grown, images moved) and notes everything else pkg/diff sees. It
// reads inventories (pkg/inventory) only: the whole storage history comes from the
// releases' components files, no cluster is needed.
package upgrade

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// Sources returns the releases of history a management cluster may run before it is
// upgraded to next, oldest first: every release older than next that is not a
// pre-release (clusterctl's upgrade plan goes from any of them straight to the newest
// release: see the rules' sentences). When next or a release has no version (a file
// set), the order of history is kept and every release other than next counts.
func Sources(next *inventory.Release, history []*inventory.Release) []*inventory.Release {
	nv, ok := version(next)
	var out []*inventory.Release
	for _, r := range history {
		v, vok := version(r)
		switch {
		case r == next || (ok && vok && r.Label == next.Label && v.Compare(nv) == 0):
		case !ok || !vok:
			out = append(out, r)
		case v.Prerelease() == "" && v.LessThan(nv):
			out = append(out, r)
		}
	}
	sortReleases(out)
	return out
}

// Check reports what breaks when a management cluster running one of the releases in
// from (oldest first, as Sources gives them) is upgraded to next; the last of from is
// the previous release. Nothing when from is empty.
func Check(next *inventory.Release, from []*inventory.Release) lint.Findings {
	if len(from) == 0 {
		return nil
	}
	c := &check{next: next, from: from, prev: from[len(from)-1]}
	diffs := diff.Releases(c.prev, next)
	c.storage()
	c.crds()
	c.variables()
	c.series()
	c.rbac()
	c.images(diffs)
	c.notes(diffs)
	c.out.Sort()
	return c.out
}

// check is one run of the rules.
type check struct {
	next, prev *inventory.Release
	from       []*inventory.Release
	out        lint.Findings
	covered    map[string]bool // differences a rule reported (subject, path): the notes leave them out
}

// add appends a finding of rule about a file of next (line 0: the file); object is
// "Kind name" for --disable RULE:name.
func (c *check) add(rule, file string, line int, object, msg string) {
	c.out = append(c.out, lint.Finding{Rule: rule, Severity: severity(rule), File: fileOf(c.next, file), Line: line, Object: object, Message: msg})
}

// cover marks a difference (a diff subject and path) as reported by a rule.
func (c *check) cover(subject, path string) {
	if c.covered == nil {
		c.covered = map[string]bool{}
	}
	c.covered[subject+"\x00"+path] = true
}

// fileOf names a release file in findings: label/version/file, else under its source.
func fileOf(r *inventory.Release, file string) string {
	switch {
	case r.Label != "" && r.Version != "":
		return strings.TrimSuffix(r.Label+"/"+r.Version+"/"+file, "/")
	case file == "" || strings.HasSuffix(r.Source, "/"+file) || r.Source == file:
		return r.Source
	}
	return strings.TrimSuffix(r.Source, "/") + "/" + file
}

// name names a release in messages: its version, else where it was read.
func name(r *inventory.Release) string {
	if r.Version != "" {
		return r.Version
	}
	return r.Source
}

func version(r *inventory.Release) (layout.Version, bool) { return layout.ListedVersion(r.Version) }
