// Package arch holds the architecture tests. They read the module's non-test Go
// files with go/parser and keep the package rules of docs/architecture.md: who may
// import whom, what a destination takes from pkg/publish, that no package-level
// variable is written at run time, and that pkg/cli touches no file itself. The
// package has no other code.
package arch
