package layout

// Provider is a provider's identity as clusterctl knows it: its type and name.
// Structs that describe one provider embed it, so the label is derived in one place.
type Provider struct {
	Type string // CoreProvider, InfrastructureProvider, ...
	Name string // clusterctl provider name, e.g. "aws"
}

// Label is the clusterctl provider label, e.g. "infrastructure-aws".
func (p Provider) Label() string { return Label(p.Type, p.Name) }

// Validate checks the name against clusterctl's rules for the type.
func (p Provider) Validate() error { return ValidateName(p.Type, p.Name) }
