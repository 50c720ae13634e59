// Package arch holds the architecture tests. They read the module's non-test Go
// files with go/parser and keep the package rules of docs/architecture.md: who may
// import whom, what a destination takes from pkg/publish, and that no package-level
// variable is written at run time. The package has no other code.
package arch
