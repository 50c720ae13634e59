// Package arch holds the architecture tests. They read the module's non-test Go
// files with go/parser and keep the mechanical claims of docs/architecture.md (its
// "Rules the tests keep" names each claim's test): the layering, the one reading
// side, who reads YAML and repository trees, where names and token variables are
// spelled, the rule registry, the crash-hook shape, what a destination takes from
// pkg/publish, that no package-level variable is written at run time, and that
// pkg/cli touches no file itself. The package has no other code.
package arch
