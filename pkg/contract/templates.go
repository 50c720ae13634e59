package contract

import (
	"path"
	"regexp"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// TemplateFile is one parsed cluster-template*.yaml or clusterclass-*.yaml file.
type TemplateFile struct {
	Name string // file name, e.g. cluster-template-prod.yaml
	Docs []manifest.Doc
}

// Templates checks the cluster templates and ClusterClass files of one release,
// including that every ClusterClass a template uses ships as clusterclass-<name>.yaml.
func Templates(files, classes []TemplateFile) lint.Findings {
	var names []string
	for _, c := range classes {
		names = append(names, baseName(c.Name))
	}
	inline := inlineClasses(files)
	var out lint.Findings
	for _, f := range files {
		out = append(out, checkTemplateNamespaces(f)...)
		out = append(out, checkClassRefs(f, names, inline)...)
	}
	for _, c := range classes {
		out = append(out, checkClassName(c)...)
		out = append(out, checkClassNamespaces(c)...)
	}
	out = append(out, templateChecks(files, classes)...)
	out.Sort()
	return out
}

var namespaceVar = regexp.MustCompile(`^\$\{\s*NAMESPACE\s*((:?=|:-).*)?\}$`)

func checkTemplateNamespaces(f TemplateFile) lint.Findings {
	var out lint.Findings
	first, firstDoc := "", manifest.Doc{}
	warned := map[string]bool{}
	for _, d := range f.Docs {
		ns := d.Obj.Namespace()
		if namespaceVar.MatchString(ns) {
			ns = "${NAMESPACE}"
		}
		switch {
		case !isObject(d):
		case d.Obj.Kind() == "Namespace":
			out = append(out, report(ruleTemplateNamespace, f.Name, d, d.LineOf("kind"),
				"templates MUST assume the target namespace exists and clusterctl would rename this Namespace to it; remove it"))
		case ns == "":
		case first == "":
			first, firstDoc = ns, d
		case ns != first:
			out = append(out, report(ruleTemplateMixed, f.Name, d, d.LineOf("metadata", "namespace"),
				"object is in namespace %q but %s is in %q; use one namespace, preferably ${NAMESPACE}", ns, firstDoc.Obj.Ref(), first))
		}
		if ns != "" && d.Obj.Kind() != "Namespace" && !hasVariable(ns) && !warned[ns] { // ${TARGET_NAMESPACE} is no literal
			warned[ns] = true
			out = append(out, report(ruleTemplateFixed, f.Name, d, d.LineOf("metadata", "namespace"),
				"namespace %q is hard-coded; clusterctl generate cluster replaces it with the target namespace, but clusterctl generate yaml and kubectl apply keep it, so write namespace: ${NAMESPACE} or leave it out", ns))
		}
	}
	return out
}

// baseName strips folders from a file name.
func baseName(name string) string { return path.Base(name) }
