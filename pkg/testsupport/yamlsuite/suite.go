// Package yamlsuite runs the YAML test suite (github.com/yaml/yaml-test-suite, its
// data branch checked out at a folder) through every capirepo reader and compares
// each with clusterctl's own reader (cluster-api util/yaml ToUnstructured, written
// again in truth.go): the verdict (reads or fails), the objects and the lines.
// hack/yamlsuite is its command:
//
//	go run ./hack/yamlsuite DIR
//
// Each case's in.yaml is placed four ways: raw, after a Namespace in a components
// file, as a ConfigMap's literal text, and under a CRD schema key as kustomize writes
// it. It prints one line per class of disagreement (reader, placement, what differs,
// a reason) with a count and an example case; the exit code is 1 when a
// disagreement changes a verdict or a line that lint reports, or that
// manifest.ReadClusterctl gives.
package yamlsuite

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Main runs the suite under args[0] and returns the exit code.
func Main(args []string, out, errOut io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(errOut, "usage: go run ./hack/yamlsuite DIR (a checkout of yaml-test-suite's data branch)")
		return 2
	}
	cases, err := load(args[0])
	if err != nil || len(cases) == 0 {
		fmt.Fprintf(errOut, "yamlsuite: no cases under %s (%v): check out the data branch there\n", args[0], err)
		return 2
	}
	t := &tally{classes: map[string]*class{}, out: out}
	for _, c := range cases {
		for _, p := range placements {
			t.compare(c.id, p.name, p.place(c.text))
		}
	}
	return t.report(len(cases))
}

type suiteCase struct{ id, text string }

// load reads every in.yaml under dir; the case id is its folder ("2G84/01").
func load(dir string) ([]suiteCase, error) {
	var out []suiteCase
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "in.yaml" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		id, _ := filepath.Rel(dir, filepath.Dir(p))
		out = append(out, suiteCase{id: filepath.ToSlash(id), text: string(b)})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out, err
}

type placement struct {
	name  string
	place func(string) string
}

var placements = []placement{
	{"raw", func(s string) string { return s }},
	{"components", func(s string) string { return namespace + s }},
	{"configmap-text", func(s string) string { return configMap + indent(s, "    ") }},
	{"crd-schema", func(s string) string { return crdHead + indent(s, "          ") + crdTail }},
}

const namespace = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n---\n"

const configMap = namespace + "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: text\n  namespace: foo-system\ndata:\n  text: |\n"

const crdHead = namespace + "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: things.infrastructure.cluster.x-k8s.io\n" +
	"spec:\n  group: infrastructure.cluster.x-k8s.io\n  names:\n    kind: Thing\n    plural: things\n  scope: Namespaced\n  versions:\n  - name: v1beta1\n" +
	"    schema:\n      openAPIV3Schema:\n        type: object\n        x-case:\n"

const crdTail = "    served: true\n    storage: true\n"

// indent puts every line of s under prefix (empty lines stay empty).
func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			b.WriteString(prefix)
		}
		b.WriteString(l)
	}
	if !strings.HasSuffix(s, "\n") {
		b.WriteString("\n")
	}
	return b.String()
}
