// Package releasescript is init's evidence reader for a provider's release scripts:
// it reads the Makefile and *.mk, hack/ and scripts/ shell scripts and the CI
// pipelines (GitHub, Azure, GitLab, Prow, goreleaser, Dockerfiles), evaluates the
// Makefile targets the release runs under the variables it runs them with, and gives
// every line read, expanded, with whether the release path reaches it (Hints). What
// the lines prove is decided in pkg/scaffold: this package says what was written, and
// where.
package releasescript
