package config

import (
	"encoding/json"

	"github.com/invopop/jsonschema"
)

// SchemaID is where the schema of capirepo.yaml is published; init writes it into
// the yaml-language-server line of a new capirepo.yaml.
const SchemaID = "https://raw.githubusercontent.com/capirepo/capirepo/main/docs/capirepo.schema.json"

// Version is the capirepo.yaml format version this capirepo reads (the version: key;
// absent means it).
const Version = 1

// Schema is the JSON Schema of capirepo.yaml, generated from the config types (their
// yaml names; unknown keys refused, as Parse refuses them).
func Schema() ([]byte, error) {
	r := &jsonschema.Reflector{FieldNameTag: "yaml", RequiredFromJSONSchemaTags: true, DoNotReference: true}
	s := r.Reflect(&Config{})
	s.ID = SchemaID
	s.Title = "capirepo.yaml"
	s.Description = "The configuration of capirepo: the clusterctl providers a source tree builds (docs/config.md)."
	return json.MarshalIndent(s, "", "  ")
}

// JSONSchema of tagFromVersion: true, false or trimPrefix.
func (VersionTag) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Description: "set the image tag from the release version: true (v0.6.12), trimPrefix (0.6.12), false",
		OneOf:       []*jsonschema.Schema{{Type: "boolean"}, {Type: "string", Enum: []any{string(VersionTagTrimPrefix)}}},
	}
}
