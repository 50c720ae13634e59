package arch

import (
	"strings"
	"testing"
)

// leaves import no project package but their own internal ones (which are leaves of
// theirs): the shared vocabulary and the generic helpers.
var leaves = []string{"pkg/layout", "pkg/lint", "pkg/manifest", "pkg/fsx", "pkg/httpx", "pkg/components"}

func TestLeavesImportNoProjectPackage(t *testing.T) {
	m := mustLoad(t)
	for _, e := range m.edges() {
		for _, l := range leaves {
			if (e.from == l || strings.HasPrefix(e.from, l+"/internal/")) && !strings.HasPrefix(e.to, l+"/internal/") {
				t.Errorf("%s: %s imports %s; it is a leaf (docs/architecture.md): keep what it needs in it, or move the code up", e.at, e.from, e.to)
			}
		}
	}
}

// low names the packages just above the leaves and what each may import.
var low = map[string][]string{
	"pkg/release":    {"pkg/layout"},
	"pkg/repository": {"pkg/layout", "pkg/release", "pkg/httpx"},
	"pkg/publish":    {"pkg/release"}, // TestPublishImportsOnlyRelease says why
	"pkg/registry":   {"pkg/httpx"},   // the registry client backend/oci, images and source share
}

func TestVocabularyPackagesStayLow(t *testing.T) {
	m := mustLoad(t)
	for _, e := range m.edges() {
		if allowed, ok := low[e.from]; ok && !contains(allowed, e.to) {
			t.Errorf("%s: %s imports %s; it may import only %s, so every kind and every reader can use it",
				e.at, e.from, e.to, strings.Join(allowed, ", "))
		}
	}
}

// buildSide are the packages of the build (config -> release.Set); outputSide what
// reads published repositories or writes destinations.
var (
	buildSide = []string{"pkg/config", "pkg/remote", "pkg/render", "pkg/components", "pkg/templates", "pkg/variables",
		"pkg/contract", "pkg/metadata", "pkg/check", "pkg/pipeline"}
	outputSide = []string{"pkg/publish", "pkg/backend/", "pkg/source", "pkg/repository", "pkg/mirror", "pkg/verify",
		"pkg/sign", "pkg/output", "pkg/images", "pkg/provenance", "pkg/registry"}
)

func TestBuildSideImportsNoOutputSide(t *testing.T) {
	m := mustLoad(t)
	for _, e := range m.edges() {
		if contains(buildSide, e.from) && hasPrefix(outputSide, e.to) {
			t.Errorf("%s: %s (build side) imports %s (output side); the build produces a release.Set and reaches no "+
				"destination or published repository: let pkg/cli hand the set on", e.at, e.from, e.to)
		}
	}
}

// backendUsers may import a backend: cli picks destinations, source picks the reader a
// URL names (clusterctl's repository factory); images reaches registries through
// pkg/registry, as backend/oci does. A backend imports itself only (TestDestinationsImportNoBackend...).
var backendUsers = []string{"pkg/cli", "pkg/source"}

func TestOnlyCLIAndSourceImportBackends(t *testing.T) {
	m := mustLoad(t)
	for _, e := range m.edges() {
		if isBackend(e.to) && !isBackend(e.from) && !contains(backendUsers, e.from) && !strings.HasPrefix(e.from, "pkg/testsupport/") {
			t.Errorf("%s: %s imports %s; only %s pick backends: read through repository.Repository "+
				"(pkg/source opens one) or write through publish.Destination", e.at, e.from, e.to, strings.Join(backendUsers, ", "))
		}
	}
}

// maxFloors bounds the longest chain of project imports (cmd/capirepo on top):
// cmd/capirepo, cli, initcheck, diff, verify, check, localrepo, repository, release,
// layout.
const maxFloors = 10

func TestImportFloors(t *testing.T) {
	m := mustLoad(t)
	if floors, chain := m.longestChain(); floors > maxFloors {
		t.Errorf("the longest chain of imports has %d floors, more than %d: %s; flatten it (a lower home for "+
			"what the lower package needs) or, in review, raise maxFloors and docs/architecture.md", floors, maxFloors, strings.Join(chain, " -> "))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasPrefix(prefixes []string, s string) bool {
	for _, p := range prefixes {
		if s == p || strings.HasSuffix(p, "/") && strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
