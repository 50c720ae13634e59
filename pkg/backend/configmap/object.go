package configmap

// Meta is the part of ObjectMeta these objects use.
type Meta struct {
	Name        string            `json:"name"`
	Namespace   string            `json:"namespace,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
}

// ConfigMap is a core/v1 ConfigMap as the operator writes it.
type ConfigMap struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   Meta              `json:"metadata"`
	Data       map[string]string `json:"data,omitempty"`
	BinaryData map[string][]byte `json:"binaryData,omitempty"`
}

// Compressed reports whether the operator reads the components from binaryData.
func (c *ConfigMap) Compressed() bool {
	return c.Metadata.Annotations[AnnotationCompressed] == "true"
}

// Size is what the API server holds against MaxSize: the values' lengths.
func (c *ConfigMap) Size() int {
	n := 0
	for _, v := range c.Data {
		n += len(v)
	}
	for _, v := range c.BinaryData {
		n += len(v)
	}
	return n
}

// Ref names the ConfigMap for messages: "ConfigMap ns/name".
func (c *ConfigMap) Ref() string { return "ConfigMap " + c.Metadata.Namespace + "/" + c.Metadata.Name }

// Provider is an operator provider object (CoreProvider, InfrastructureProvider, ...).
type Provider struct {
	APIVersion string       `json:"apiVersion"`
	Kind       string       `json:"kind"`
	Metadata   Meta         `json:"metadata"`
	Spec       ProviderSpec `json:"spec"`
}

// ProviderSpec holds the fields capirepo sets; users add theirs (configSecret, ...).
type ProviderSpec struct {
	Version     string       `json:"version,omitempty"`
	FetchConfig *FetchConfig `json:"fetchConfig,omitempty"`
}

// FetchConfig is the operator's FetchConfiguration; capirepo sets only the selector.
type FetchConfig struct {
	OCI      string    `json:"oci,omitempty"`
	URL      string    `json:"url,omitempty"`
	Selector *Selector `json:"selector,omitempty"`
}

// Selector is a label selector with matchLabels only.
type Selector struct {
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
}

// Matches reports whether labels satisfy every matchLabels entry.
func (s *Selector) Matches(labels map[string]string) bool {
	for k, v := range s.MatchLabels {
		if got, ok := labels[k]; !ok || got != v {
			return false
		}
	}
	return true
}

// Ref names the provider object for messages: "InfrastructureProvider ns/name".
func (p *Provider) Ref() string { return p.Kind + " " + p.Metadata.Namespace + "/" + p.Metadata.Name }

// Namespace is a core/v1 Namespace.
type Namespace struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   Meta   `json:"metadata"`
}
