// Package images finds the container images a provider release names, checks that a
// registry serves them (the image gate), and copies them, every platform and by digest,
// to a mirror registry or an OCI image layout folder, under the name clusterctl's
// `images:` override gives them: REGISTRY/PATH/<last path element>:<tag>.
package images
