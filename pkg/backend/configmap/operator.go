// Package configmap writes and reads the cluster-api-operator's ConfigMap form of a
// provider release: the objects the operator (v0.29.0) installs a provider from when it
// cannot reach GitHub, GitLab or a registry (spec.fetchConfig.selector).
//
// Where each rule comes from in the operator's code:
//   - api/v1alpha2/provider_types.go: the label, annotation and data key names;
//   - internal/controller/manifests_downloader.go: the name <type>-<name>-<version>,
//     the labels (ProviderLabels), gzip of the components into binaryData when
//     metadata + components exceed 1 MiB (needToCompress, TemplateManifestsConfigMap);
//   - internal/controller/phase_load.go: how it reads them back (configmapRepository,
//     getComponentsData, validateRepoCAPIVersion, getLatestVersion).
package configmap

// The operator's names (api/v1alpha2/provider_types.go, manifests_downloader.go).
const (
	LabelVersion         = "provider.cluster.x-k8s.io/version"
	LabelType            = "provider.cluster.x-k8s.io/type"
	LabelName            = "provider.cluster.x-k8s.io/name"
	LabelManaged         = "managed-by.operator.cluster.x-k8s.io"
	AnnotationCompressed = "provider.cluster.x-k8s.io/compressed"
	KeyMetadata          = "metadata"
	KeyComponents        = "components"

	// OperatorAPIVersion is the group/version of the operator's provider objects.
	OperatorAPIVersion = "operator.cluster.x-k8s.io/v1alpha2"
	// MaxSize is both the operator's compression threshold and the API server's limit
	// on a ConfigMap's data: the sum of the values' lengths (binaryData decoded).
	MaxSize = 1 << 20
)
