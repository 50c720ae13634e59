package contract

import (
	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

var ruleTemplateExternal = rule("template-external-object", lint.Warning, "\"The clusterctl command requires that both the components YAML and the cluster templates contain all the required objects\"; links from a cluster template to external objects (\"secrets, configMaps NOT included in the cluster template\") are the provider's responsibility (clusterctl contract 7.3): a Secret or ConfigMap named by a ClusterResourceSet or an identityRef should be in the template, or named from a variable the user sets; otherwise the cluster waits for an object nobody creates.")

// checkExternalObjects reports Secrets and ConfigMaps a template references by a
// fixed name without defining them.
func checkExternalObjects(f TemplateFile) lint.Findings {
	have := map[string]bool{}
	for _, d := range f.Docs {
		if k := d.Obj.Kind(); d.Obj.Group() == "" && (k == "Secret" || k == "ConfigMap") {
			have[k+"/"+d.Obj.Name()] = true
		}
	}
	var out lint.Findings
	for _, d := range f.Docs {
		for _, ref := range externalRefs(d) {
			kind, name := text(child(ref.node, "kind")), text(child(ref.node, "name"))
			if (kind != "Secret" && kind != "ConfigMap") || name == "" || hasVariable(name) || have[kind+"/"+name] {
				continue
			}
			out = append(out, report(ruleTemplateExternal, f.Name, d, lineOr(child(ref.node, "name"), ref.node.Line),
				"%s names %s %q, which the template does not contain; add it to the template or name it from a variable (${...}) the user sets", ref.field, kind, name))
		}
	}
	return out
}

type objectRef struct {
	field string
	node  *yaml.Node
}

// externalRefs are a ClusterResourceSet's spec.resources and every identityRef.
func externalRefs(d manifest.Doc) []objectRef {
	var out []objectRef
	if d.Obj.Kind() == "ClusterResourceSet" && d.Obj.Group() == "addons.cluster.x-k8s.io" {
		for _, r := range items(at(d.Node, "spec", "resources")) {
			out = append(out, objectRef{"ClusterResourceSet spec.resources", r})
		}
	}
	return append(out, identityRefs(child(d.Node, "spec"))...)
}

// identityRefs finds the identityRef mappings anywhere below n.
func identityRefs(n *yaml.Node) []objectRef {
	n = resolve(n)
	if n == nil {
		return nil
	}
	var out []objectRef
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if v := resolve(n.Content[i+1]); n.Content[i].Value == "identityRef" && v != nil && v.Kind == yaml.MappingNode {
				out = append(out, objectRef{"identityRef", v})
				continue
			}
			out = append(out, identityRefs(n.Content[i+1])...)
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			out = append(out, identityRefs(c)...)
		}
	}
	return out
}
