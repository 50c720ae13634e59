package manifest

import (
	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
)

// slim drops the schemas of a CustomResourceDefinition's node but their contract
// paths (see Options.Slim and crdschema.go).
func slim(root *yaml.Node, t *crdfast.Tree) {
	if k := MapValue(root, "kind"); k == nil || k.Value != "CustomResourceDefinition" {
		return
	}
	spec := MapValue(root, "spec")
	crdfast.PruneSchemaHolder(spec, "validation", t)
	if vs := MapValue(spec, "versions"); vs != nil && vs.Kind == yaml.SequenceNode {
		for _, v := range vs.Content {
			crdfast.PruneSchemaHolder(v, "schema", t)
		}
	}
}
