package yamlsuite

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	apiyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// toUnstructured is cluster-api v1.14's util/yaml ToUnstructured, written again here
// from its source (without the Unstructured wrapper), independent of capirepo's: the
// truth every reader, manifest.ReadClusterctl included, is compared with.
func toUnstructured(raw []byte) reading {
	r := apiyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(raw)))
	var out reading
	for {
		b, err := r.Read()
		if errors.Is(err, io.EOF) || err == nil && len(b) == 0 {
			return out
		}
		if err != nil {
			return reading{failed: true, msg: err.Error()}
		}
		var m map[string]interface{}
		if err := yaml.Unmarshal(b, &m); err != nil {
			return reading{failed: true, msg: err.Error()}
		}
		if m != nil {
			out.objs = append(out.objs, asJSON(withoutSchemas(m)))
		}
	}
}

// withoutSchemas drops a CRD's schemas, which the readers that skip them leave out.
func withoutSchemas(m map[string]any) map[string]any {
	if m["kind"] != "CustomResourceDefinition" {
		return m
	}
	spec, _ := m["spec"].(map[string]any)
	delete(spec, "validation")
	vs, _ := spec["versions"].([]any)
	for _, v := range vs {
		if vm, ok := v.(map[string]any); ok {
			delete(vm, "schema")
		}
	}
	return m
}
