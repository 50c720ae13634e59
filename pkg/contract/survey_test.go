package contract

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
)

// TestInlineClassIsError: clusterctl generate cluster fails on a ClusterClass that is
// only defined inline (it reads clusterclass-<name>.yaml), so the finding is an error
// and says why.
func TestInlineClassIsError(t *testing.T) {
	t.Parallel()
	tpl := "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: c\nspec:\n  topology:\n    class: quick-start\n---\napiVersion: cluster.x-k8s.io/v1beta1\nkind: ClusterClass\nmetadata:\n  name: quick-start\n"
	fs := Templates([]TemplateFile{{Name: "cluster-template-simple-clusterclass.yaml", Docs: split(t, tpl)}}, nil)
	if len(fs) != 1 || fs[0].Rule != ruleClassInline.ID || fs[0].Severity != lint.Error {
		t.Fatalf("want one template-clusterclass-inline error, got %v", fs)
	}
	for _, want := range []string{"only this template defines inline", `failed to read "clusterclass-quick-start.yaml"`, "MUST"} {
		if !strings.Contains(fs[0].Message, want) {
			t.Errorf("message %q lacks %q", fs[0].Message, want)
		}
	}
}

// TestHardcodedNamespaceReason: clusterctl generate cluster rewrites a hard-coded
// namespace; only generate yaml and kubectl keep it.
func TestHardcodedNamespaceReason(t *testing.T) {
	t.Parallel()
	tpl := "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: c\n  namespace: default\n"
	fs := Templates([]TemplateFile{{Name: "cluster-template.yaml", Docs: split(t, tpl)}}, nil)
	if len(fs) != 1 || fs[0].Rule != ruleTemplateFixed.ID {
		t.Fatalf("want one template-namespace-hardcoded, got %v", fs)
	}
	for _, want := range []string{"generate cluster replaces it", "generate yaml and kubectl apply keep it"} {
		if !strings.Contains(fs[0].Message, want) {
			t.Errorf("message %q lacks %q", fs[0].Message, want)
		}
	}
}

// TestClusterClassVariablesLeftToVariables: ${VAR} in a ClusterClass file is
// pkg/variables' vars-clusterclass finding, not reported twice.
func TestClusterClassVariablesLeftToVariables(t *testing.T) {
	t.Parallel()
	cc := "apiVersion: cluster.x-k8s.io/v1beta1\nkind: ClusterClass\nmetadata:\n  name: quick-start\nspec:\n  infrastructure:\n    ref:\n      name: ${CLUSTER_CLASS_NAME:=quick-start}-cluster\n"
	if fs := Templates(nil, []TemplateFile{{Name: "clusterclass-quick-start.yaml", Docs: split(t, cc)}}); len(fs) > 0 {
		t.Errorf("unexpected findings %v", fs)
	}
	for _, r := range Rules() {
		if r.ID == "clusterclass-variables" {
			t.Errorf("rule clusterclass-variables is still listed")
		}
	}
}

// TestInputTargetNamespaceNamesFile: errors name Input.File.
func TestInputTargetNamespaceNamesFile(t *testing.T) {
	t.Parallel()
	in := Input{File: "infrastructure-components.yaml", Docs: split(t, cmFoo)}
	if _, err := in.TargetNamespace(); err == nil || !strings.HasPrefix(err.Error(), "infrastructure-components.yaml: ") {
		t.Errorf("error %v does not name the file", err)
	}
	in.Docs = split(t, nsFoo)
	if ns, err := in.TargetNamespace(); ns != "foo-system" || err != nil {
		t.Errorf("TargetNamespace() = %q, %v", ns, err)
	}
}
