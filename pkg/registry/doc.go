// Package registry is how capirepo reaches an OCI registry: the client (Remote, with
// plain HTTP only for the hosts named, the one retry policy and token servers kept to
// their origin), the credentials (Secrets, Credentials: the operator's OCI_* values for
// the registries a command names, the Docker config for every other), the redaction
// of credentials a registry repeats in its error answers, and Explain, what to do
// about the registry errors people meet most. pkg/backend/oci, pkg/images and
// pkg/source share it.
package registry
