package configmap

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// New returns the ConfigMap the operator writes for one provider version in namespace
// ns: the one `plugin preload` prints, without what only an OCI source adds (the
// provider.cluster.x-k8s.io/source label and annotation). It refuses what the API
// server would refuse: invalid names and label values, and data over MaxSize even
// after compression.
func New(r *release.Release, ns string) (*ConfigMap, error) {
	if err := check(r, ns); err != nil {
		return nil, fmt.Errorf("%s: %w", r, err)
	}
	meta, comp := r.File(layout.MetadataFile), r.File(r.ComponentsFile)
	if meta == nil || comp == nil {
		return nil, fmt.Errorf("%s: the release needs metadata.yaml and %s", r, r.ComponentsFile)
	}
	cm := &ConfigMap{
		APIVersion: "v1",
		Kind:       "ConfigMap",
		Metadata:   Meta{Name: configMapName(r), Namespace: ns, Labels: configMapLabels(r)},
		Data:       map[string]string{KeyMetadata: string(meta.Data)},
	}
	if err := setComponents(cm, meta.Data, comp.Data); err != nil {
		return nil, fmt.Errorf("%s: %w", r, err)
	}
	return cm, nil
}

// configMapName is the operator's ConfigMap configMapName: <type>-<configMapName>-<version>.
func configMapName(r *release.Release) string {
	return layout.OperatorType(r.Type) + "-" + r.Name + "-" + r.Version.String()
}

// configMapLabels are the operator's configMapLabels for a provider version (ProviderLabels).
func configMapLabels(r *release.Release) map[string]string {
	return map[string]string{
		LabelVersion: r.Version.String(),
		LabelType:    layout.OperatorType(r.Type),
		LabelName:    r.Name,
		LabelManaged: "true",
	}
}

func check(r *release.Release, ns string) error {
	if layout.OperatorType(r.Type) == "" {
		return fmt.Errorf("provider type %q is not one the operator knows", r.Type)
	}
	if err := checkVersion(r.Version); err != nil {
		return err
	}
	if err := checkNamespace(ns); err != nil {
		return err
	}
	if err := checkName("ConfigMap", configMapName(r)); err != nil {
		return err
	}
	return checkLabels(configMapLabels(r))
}

// setComponents stores the components plain, or gzip-compressed in binaryData with the
// compressed annotation exactly when the operator would (needToCompress: metadata +
// components over MaxSize), and refuses an object still over MaxSize.
func setComponents(cm *ConfigMap, meta, comp []byte) error {
	if len(meta)+len(comp) <= MaxSize {
		cm.Data[KeyComponents] = string(comp)
		return nil
	}
	z, err := compress(comp)
	if err != nil {
		return fmt.Errorf("compressing the components: %w", err)
	}
	cm.BinaryData = map[string][]byte{KeyComponents: z}
	cm.Metadata.Annotations = map[string]string{AnnotationCompressed: "true"}
	if n := cm.Size(); n > MaxSize {
		return fmt.Errorf("the ConfigMap would hold %d bytes (metadata %d + components %d, gzip-compressed from %d), over the API server's limit of %d bytes (1 MiB): the operator cannot install it from a ConfigMap; publish it to a registry (publish oci) and use spec.fetchConfig.oci", n, len(meta), len(z), len(comp), MaxSize)
	}
	return nil
}
