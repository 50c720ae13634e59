package contract

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
)

// TestObjectMoveLabels: a move-label finding is dropped only when every identity
// object of that kind in the templates carries the label itself.
func TestObjectMoveLabels(t *testing.T) {
	t.Parallel()
	const crd = "CustomResourceDefinition azureclusteridentities.infrastructure.cluster.x-k8s.io"
	fs := lint.Findings{{Rule: ruleMoveLabel.ID, Object: crd}, {Rule: ruleManagerRBAC.ID, Object: crd}}
	identity := func(name, label string) string {
		return "apiVersion: infrastructure.cluster.x-k8s.io/v1beta1\nkind: AzureClusterIdentity\nmetadata:\n  name: " + name + "\n  labels:\n    " + label + ": \"true\"\n"
	}
	cases := []struct {
		name      string
		templates []string
		kept      int
	}{
		{"no template", nil, 2},
		{"every object labelled", []string{identity("a", moveHierarchyLabel), identity("b", moveLabel)}, 1},
		{"one object unlabelled", []string{identity("a", moveHierarchyLabel), identity("b", "app")}, 2},
		{"unlabelled first", []string{identity("b", "app"), identity("a", moveHierarchyLabel)}, 2},
	}
	for _, c := range cases {
		var files []TemplateFile
		for _, tpl := range c.templates {
			files = append(files, TemplateFile{Name: "cluster-template.yaml", Docs: split(t, tpl)})
		}
		if got := ObjectMoveLabels(fs, files); len(got) != c.kept || got[len(got)-1].Rule != ruleManagerRBAC.ID {
			t.Errorf("%s: kept %v, want %d findings ending with the RBAC one", c.name, got, c.kept)
		}
	}
}
