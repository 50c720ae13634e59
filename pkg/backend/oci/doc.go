// Package oci publishes provider releases as OCI artifacts the cluster-api-operator can
// install (spec.fetchConfig.oci) and reads them back the way the operator does.
//
// One artifact per provider and version lives at REGISTRY/PATH/<provider-label>:<version>:
// an OCI 1.1 image manifest with the empty config, artifactType ArtifactType, and one raw
// layer per release file whose org.opencontainers.image.title is the file name. The
// operator reads only those titles and the raw bytes, so every file is its own layer.
// A bundle puts several providers in one artifact under the operator's full names
// (<type>-<name>-<version>-metadata.yaml, ...-components.yaml).
package oci

// Media types capirepo owns (docs/commands/publish-oci.md).
const (
	// ArtifactType marks a manifest as a capirepo provider release.
	ArtifactType = "application/vnd.capirepo.provider.v1"
	// FileMediaType is the media type of each file layer (raw YAML bytes, not a tar).
	FileMediaType = "application/vnd.capirepo.provider.file.v1+yaml"
)

// Manifest annotations (the cluster-api proposal's five, plus the creation time).
const (
	AnnotationTitle        = "org.opencontainers.image.title"
	AnnotationVersion      = "org.opencontainers.image.version"
	AnnotationSource       = "org.opencontainers.image.source"
	AnnotationCreated      = "org.opencontainers.image.created"
	AnnotationProviderType = "cluster-api.sigs.k8s.io/provider-type"
	AnnotationProviderName = "cluster-api.sigs.k8s.io/provider-name"
)
