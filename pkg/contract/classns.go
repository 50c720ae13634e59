package contract

import (
	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
)

// checkClassNamespaces warns about objects and references with a namespace in a
// ClusterClass file: clusterctl puts the whole file into the class namespace.
func checkClassNamespaces(c TemplateFile) lint.Findings {
	var out lint.Findings
	for _, d := range c.Docs {
		if n := at(d.Node, "metadata", "namespace"); n != nil {
			out = append(out, report(ruleClassNamespace, c.Name, d, n.Line,
				"object sets namespace %q; leave it out, clusterctl installs the ClusterClass into the Cluster's namespace", text(n)))
		}
		for _, n := range refNamespaces(child(d.Node, "spec")) {
			out = append(out, report(ruleClassNamespace, c.Name, d, n.Line,
				"reference sets namespace %q; references in a ClusterClass should not specify a namespace", text(n)))
		}
	}
	return out
}

// refNamespaces finds the namespace nodes of object references (maps with name,
// namespace and kind or apiVersion) anywhere below n.
func refNamespaces(n *yaml.Node) []*yaml.Node {
	n = resolve(n)
	if n == nil {
		return nil
	}
	var out []*yaml.Node
	if ns := child(n, "namespace"); text(ns) != "" && text(child(n, "name")) != "" &&
		(text(child(n, "kind")) != "" || text(child(n, "apiVersion")) != "") {
		out = append(out, ns)
	}
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		for i, c := range n.Content {
			if n.Kind == yaml.MappingNode && i%2 == 0 {
				continue
			}
			out = append(out, refNamespaces(c)...)
		}
	}
	return out
}
