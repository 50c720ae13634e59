package contract

import (
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// clusterctl generate cluster reads clusterclass-<name>.yaml when the class is not in
// the management cluster, sets every object's namespace to the target namespace and
// renames a Namespace object to it (cmd/clusterctl/client/repository/template.go
// NewTemplate, components.go fixTargetNamespace), then, on an initialized cluster,
// fails when any of those objects already exists: "<object> already exists in the
// cluster" (cmd/clusterctl/client/clusterclass.go fetchMissingClusterClassTemplates).
// The target namespace always exists, and an object another class file shipped
// exists once that class was used there.
var (
	ruleClassNamespaceObject = rule("clusterclass-namespace-object", lint.Error, "\"The ClusterClass definition YAML MUST assume the target namespace already exists\" (clusterctl contract 5.2): clusterctl renames a Namespace object to the target namespace, which exists, so clusterctl generate cluster on an initialized management cluster fails with \"already exists in the cluster\" (cmd/clusterctl/client/clusterclass.go fetchMissingClusterClassTemplates).")
	ruleClassShared          = rule("clusterclass-shared-object", lint.Error, "\"It is strongly recommended that none of the objects in the ClusterClass definitions are shared across multiple definitions\" (clusterctl contract 5.2): once one class was used in a namespace, clusterctl generate cluster with another class file shipping the same kind and name fails with \"already exists in the cluster\" (cmd/clusterctl/client/clusterclass.go fetchMissingClusterClassTemplates); give each class its own objects.")
)

func checkClassNamespaceObject(c TemplateFile) lint.Findings {
	var out lint.Findings
	for _, d := range c.Docs {
		if d.Obj.Kind() == "Namespace" && d.Obj.Group() == "" {
			out = append(out, report(ruleClassNamespaceObject, c.Name, d, d.LineOf("kind"),
				"ClusterClass files MUST assume the target namespace exists; clusterctl renames this Namespace to it and then fails on an initialized cluster (\"already exists in the cluster\"); remove it"))
		}
	}
	return out
}

// checkSharedClassObjects reports objects (kind and name) defined by an earlier
// ClusterClass file too; the first definition is not reported. A name spelt with a
// ${VAR} is the user's to choose for each class (CAPV names its classes' objects from
// ${CLUSTER_CLASS_NAME}), so it collides only when the user gives two the same value:
// not reported.
func checkSharedClassObjects(classes []TemplateFile) lint.Findings {
	first := map[string]string{} // group/kind/name -> file
	var out lint.Findings
	for _, c := range sortedByName(classes) {
		seen := map[string]bool{}
		for _, d := range c.Docs {
			key := objectKey(d)
			if !isObject(d) || seen[key] || strings.Contains(d.Obj.Name(), "${") {
				continue
			}
			seen[key] = true
			if f, ok := first[key]; ok {
				out = append(out, report(ruleClassShared, c.Name, d, d.LineOf("metadata", "name"),
					"also defined by %s; after one class is used in a namespace, clusterctl generate cluster with the other fails (\"already exists in the cluster\"); rename it in one of the files", baseName(f)))
				continue
			}
			first[key] = c.Name
		}
	}
	return out
}

func sortedByName(files []TemplateFile) []TemplateFile {
	out := slices.Clone(files)
	slices.SortStableFunc(out, func(a, b TemplateFile) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func objectKey(d manifest.Doc) string {
	return d.Obj.Group() + "/" + d.Obj.Kind() + "/" + d.Obj.Name()
}
