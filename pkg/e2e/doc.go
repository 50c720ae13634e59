// Package e2e holds end-to-end tests: capirepo commands run in-process against the
// examples, and the real clusterctl binaries read what they produced.
package e2e
