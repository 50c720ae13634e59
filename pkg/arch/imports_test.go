package arch

import (
	"strings"
	"testing"
)

// edge is one import of a project package by a project package's non-test file.
type edge struct{ from, to, at string }

// edges lists every project import, in package then file order.
func (m *module) edges() []edge {
	var out []edge
	for _, p := range m.sorted() {
		for _, f := range p.files {
			for _, spec := range f.Imports {
				if to, ok := m.project(spec); ok {
					out = append(out, edge{p.path, to, m.where(spec.Pos())})
				}
			}
		}
	}
	return out
}

func isBackend(path string) bool { return strings.HasPrefix(path, "pkg/backend/") }

// callers are the packages that run the publishing entry point (publish.Publish);
// every other importer of pkg/publish is a destination.
var callers = map[string]bool{"pkg/cli": true, "pkg/mirror": true}

// destinations are the backends under pkg/backend and every other package that
// imports pkg/publish without being one of its callers (pkg/testsupport/memdest).
func (m *module) destinations() map[string]bool {
	out := map[string]bool{}
	for _, e := range m.edges() {
		if isBackend(e.from) || e.to == "pkg/publish" && !callers[e.from] {
			out[e.from] = true
		}
	}
	return out
}

func TestDestinationsImportNoBackendCLIOrMirror(t *testing.T) {
	m := mustLoad(t)
	dests := m.destinations()
	if !dests["pkg/backend/local"] || len(dests) < 2 {
		t.Fatalf("destinations found: %v; the rule has nothing to check: update pkg/arch", dests)
	}
	for _, e := range m.edges() {
		if dests[e.from] && e.to != e.from && (isBackend(e.to) || e.to == "pkg/cli" || e.to == "pkg/mirror") {
			t.Errorf("%s: destination %s imports %s; a destination imports no other backend, "+
				"no pkg/cli and no pkg/mirror: move what they share to a leaf package (docs/architecture.md)", e.at, e.from, e.to)
		}
	}
}

func TestPublishImportsOnlyRelease(t *testing.T) {
	m := mustLoad(t)
	for _, e := range m.edges() {
		if e.from == "pkg/publish" && e.to != "pkg/release" {
			t.Errorf("%s: pkg/publish imports %s; it is a leaf over pkg/release: "+
				"let the destination or the caller bring what it needs (docs/architecture.md)", e.at, e.to)
		}
	}
}

func TestOnlyMainImportsCLI(t *testing.T) {
	m := mustLoad(t)
	for _, e := range m.edges() {
		if e.to == "pkg/cli" && e.from != "cmd/capirepo" {
			t.Errorf("%s: %s imports pkg/cli; pkg/cli is the composition root and only cmd/capirepo imports it: "+
				"move the function it needs to the package that owns the concept", e.at, e.from)
		}
	}
}
