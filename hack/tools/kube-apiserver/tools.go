//go:build tools

// Package tools pins kube-apiserver for `make install-tools`.
package tools

import _ "k8s.io/kubernetes/cmd/kube-apiserver"
