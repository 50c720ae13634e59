package layout

// Provider is a provider's identity as clusterctl knows it: its name and type.
// Structs that describe one provider embed it, so the label is derived in one place.
// Name comes first and the tags are those of the files that embed it (clusterctl.yaml,
// capirepo.yaml, the build index, mirror.json), so embedding keeps their encodings:
// yaml v3 needs `yaml:",inline"` on the embedding field; encoding/json inlines it.
// Type is omitted from JSON when empty (cert-manager's mirror.json record has none).
type Provider struct {
	Name string `yaml:"name" json:"name"`           // clusterctl provider name, e.g. "aws"
	Type Type   `yaml:"type" json:"type,omitempty"` // CoreProvider, InfrastructureProvider, ...
}

// Label is the clusterctl provider label, e.g. "infrastructure-aws".
func (p Provider) Label() string { return Label(p.Type, p.Name) }

// Validate checks the name against clusterctl's rules for the type.
func (p Provider) Validate() error { return ValidateName(p.Type, p.Name) }
