package contract

import (
	"regexp"
	"slices"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

var variable = regexp.MustCompile(`\$\{\s*([A-Za-z0-9_]+)\s*(?:(:?=|:-)([^}]*))?\}`)

// withDefaults replaces ${VAR:=default} (also = and :-) by its default; ok is false
// when a variable without default remains.
func withDefaults(s string) (string, bool) {
	ok := true
	out := variable.ReplaceAllStringFunc(s, func(m string) string {
		sub := variable.FindStringSubmatch(m)
		if sub[2] == "" {
			ok = false
		}
		return sub[3]
	})
	return out, ok && !hasVariable(out)
}

func isCluster(d manifest.Doc) bool {
	return d.Obj.Group() == "cluster.x-k8s.io" && d.Obj.Kind() == "Cluster"
}

// classRef returns the ClusterClass name node of a Cluster: v1beta2
// spec.topology.classRef.name, v1beta1 spec.topology.class.
func classRef(d manifest.Doc) *yaml.Node {
	topo := at(d.Node, "spec", "topology")
	if n := at(topo, "classRef", "name"); n != nil {
		return n
	}
	return child(topo, "class")
}

func checkClassRefs(f TemplateFile, classes []string, inline map[string]string) lint.Findings {
	var out lint.Findings
	for _, d := range f.Docs {
		n := classRef(d)
		if !isCluster(d) || n == nil {
			continue
		}
		name, ok := withDefaults(text(n))
		switch want := layout.ClusterClassFile(name); {
		case !ok:
			out = append(out, report(ruleClassUnknown, f.Name, d, n.Line,
				"ClusterClass name %q depends on a variable without default; give it a default (${VAR:=name}) so the matching clusterclass-<name>.yaml can be checked", text(n)))
		case slices.Contains(classes, want):
		case inline[name] != "" || inline[""] != "":
			out = append(out, report(ruleClassInline, f.Name, d, n.Line,
				"uses ClusterClass %q, which only %s defines inline; clusterctl generate cluster ignores inline classes and reads %s unless the class already exists in the management cluster, so offline or on a fresh cluster it fails (failed to read %q; --list-variables does not show this); ship %s (clusterctl contract 5.1 MUST)", name, definedIn(f, orDefault(inline[name], inline[""])), want, want, want))
		default:
			out = append(out, report(ruleClassMissing, f.Name, d, n.Line,
				"uses ClusterClass %q but the release has no %s; clusterctl generate cluster fails reading it, so ship the file", name, want))
		}
	}
	return out
}

// definedIn names the template defining an inline class: "this template" or its base name.
func definedIn(f TemplateFile, file string) string {
	if file == f.Name {
		return "this template"
	}
	return baseName(file)
}

// inlineClasses maps the names of ClusterClasses defined in cluster templates to the
// first template defining them; a name built from variables without default is
// recorded as "" (matches any).
func inlineClasses(files []TemplateFile) map[string]string {
	out := map[string]string{}
	for _, f := range files {
		for _, d := range f.Docs {
			if d.Obj.Group() == "cluster.x-k8s.io" && d.Obj.Kind() == "ClusterClass" {
				name, ok := withDefaults(d.Obj.Name())
				if !ok {
					name = ""
				}
				if out[name] == "" {
					out[name] = f.Name
				}
			}
		}
	}
	return out
}

// classNameOf returns the ClusterClass name a clusterclass-<name>.yaml file promises.
func classNameOf(file string) string {
	return layout.ClusterClassName(baseName(file))
}

func checkClassName(c TemplateFile) lint.Findings {
	want := classNameOf(c.Name)
	var seen []manifest.Doc
	for _, d := range c.Docs {
		if d.Obj.Group() == "cluster.x-k8s.io" && d.Obj.Kind() == "ClusterClass" {
			if name, _ := withDefaults(d.Obj.Name()); name == want {
				return nil
			}
			seen = append(seen, d)
		}
	}
	if len(seen) == 0 {
		line := 1
		if len(c.Docs) > 0 {
			line = c.Docs[0].Line
		}
		return lint.Findings{{Rule: ruleClassName.ID, Severity: ruleClassName.Severity, File: c.Name, Line: line,
			Message: "the file contains no ClusterClass; add the ClusterClass \"" + want + "\" or rename the file"}}
	}
	return lint.Findings{report(ruleClassName, c.Name, seen[0], seen[0].LineOf("metadata", "name"),
		"ClusterClass is named %q but the file name promises %q; rename one of them", seen[0].Obj.Name(), want)}
}
