package scaffold

import (
	"strings"
	"testing"

	fixture "github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// outscaleShaped is a provider without a provider label whose docs install it as
// `clusterctl init --infrastructure foo` and upgrade it in clusterctl's
// namespace/name:version form (`--infrastructure foo-system/foo:v0.3.1`); go.mod says foo.
func outscaleShaped(getStarted string) files {
	f := files{"metadata.yaml": metadataYAML, "go.mod": "module github.com/acme/cluster-api-provider-foo\n\ngo 1.24\n",
		"docs/src/topics/change-providerid.md":           "Upgrade:\n```bash\nclusterctl upgrade apply --infrastructure cluster-api-provider-foo-system/foo:v0.3.1\n```\n",
		"docs/src/topics/get-started-with-clusterctl.md": getStarted}
	f.componentsTree(".", "cluster-api-provider-foo", infra, "", "registry.example.com/foo/foo-controller:dev", infraKinds...)
	return f
}

// TestDocNamesReadClusterctlsForm: the part before the slash of namespace/name:version
// is the namespace, not the name (outscale v1.5.0 was named its namespace, silently).
func TestDocNamesReadClusterctlsForm(t *testing.T) {
	t.Parallel()
	p := inspectOne(t, outscaleShaped("Install:\n```bash\nclusterctl init --infrastructure foo\n```\n"))
	if p.Name != "foo" {
		t.Errorf("name %q, want foo (%s)", p.Name, p.NameFrom)
	}
	if qs := p.questionsOn("name"); len(qs) > 0 {
		t.Errorf("the docs agree on foo, yet init asks: %v", qs)
	}
}

// TestDocNamesThatConflictAreAsked: docs naming the provider two ways is conflicting
// declared evidence: asked, naming both, never picked silently.
func TestDocNamesThatConflictAreAsked(t *testing.T) {
	t.Parallel()
	p := inspectOne(t, outscaleShaped("Install:\n```bash\nclusterctl init --infrastructure foo-bar\n```\n"))
	qs := p.questionsOn("name")
	if len(qs) == 0 {
		t.Fatalf("the docs name foo and foo-bar, init wrote %s without a question", p.Name)
	}
	if !strings.Contains(qs[0].Text, "foo-bar") || !strings.Contains(qs[0].Text, "change-providerid.md:3") {
		t.Errorf("the question does not name both claims: %s", qs[0].Text)
	}
}

func inspectOne(t *testing.T, f files) *Provider {
	t.Helper()
	plan, err := Inspect(t.Context(), fixture.Write(t, f))
	if err != nil {
		t.Fatal(err)
	}
	return plan.Providers[0]
}

// TestCoverageUploadIsNoReleaseList: cloudstack-shaped: the only workflow on tags is a
// codecov step (files: ./cover.out); the Makefile's release-templates ships the
// templates. A coverage upload is not the release's file list: the templates stay.
func TestCoverageUploadIsNoReleaseList(t *testing.T) {
	t.Parallel()
	f := provider(files{".github/workflows/go-coverage.yml": "on:\n  push:\n    tags: ['v*']\njobs:\n  coverage:\n    steps:\n" +
		"    - run: make test\n    - uses: codecov/codecov-action@v4\n      with:\n        files: ./cover.out\n",
		"Makefile":                        "release-templates:\n\tcp templates/cluster-template*.yaml out/\n",
		"templates/cluster-template.yaml": cluster("default"), "templates/cluster-template-ha.yaml": cluster("ha")})
	p := inspectOne(t, f)
	if len(p.Templates) == 0 || len(p.Commented) > 0 {
		t.Errorf("templates %v, left out %v: want both shipped", entryNames(p.Templates), entryNames(p.Commented))
	}
}

// TestScanScriptGivesNoPullPolicy: ibmcloud-shaped: config/default patches the pull
// policy Always; a trivy scan script (hack/verify-container-images.sh) builds with
// PULL_POLICY=IfNotPresent. A verify or scan script is not release evidence.
func TestScanScriptGivesNoPullPolicy(t *testing.T) {
	t.Parallel()
	f := provider(files{"Makefile": "release-manifests:\n\t$(KUSTOMIZE) build config/default > out/infrastructure-components.yaml\n",
		"hack/verify-container-images.sh": "#!/bin/bash\nmake docker-build PULL_POLICY=IfNotPresent\ntrivy image --exit-code 1 \"$IMG\"\n"})
	f.imagePatch("registry.example.com/foo/foo-controller:dev", "Always")
	if p := inspectOne(t, f); p.PullPolicy != "" {
		t.Errorf("pullPolicy %s from %s, want the manager's own (Always)", p.PullPolicy, p.Evidence["pullPolicy"].Text)
	}
}
