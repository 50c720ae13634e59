//go:build tools

// Package tools pins etcd for `make install-tools`.
package tools

import _ "go.etcd.io/etcd/server/v3"
