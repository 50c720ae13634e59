#!/usr/bin/env bash
# install-clusterctl.sh VERSION DEST: builds clusterctl VERSION from the Go module proxy into DEST.
# v1.14+ carries a replace directive that `go install` refuses, so those versions are built
# through a throw-away wrapper module that requires cluster-api and cluster-api/api at VERSION.
set -euo pipefail
version=$1 dest=$2
export GOTOOLCHAIN=local GOFLAGS=-mod=mod
mkdir -p "$(dirname "$dest")"
minor=$(echo "$version" | sed -E 's/^v1\.([0-9]+)\..*/\1/')
if [ "$minor" -lt 14 ]; then
  GOBIN=$(mktemp -d) 
  GOBIN=$GOBIN go install "sigs.k8s.io/cluster-api/cmd/clusterctl@$version"
  mv "$GOBIN/clusterctl" "$dest"; rmdir "$GOBIN"
  exit 0
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
go mod init clusterctl-wrapper >/dev/null 2>&1
go get "sigs.k8s.io/cluster-api@$version" "sigs.k8s.io/cluster-api/api@$version" >/dev/null
go get "sigs.k8s.io/cluster-api/cmd/clusterctl@$version" >/dev/null
go build -o "$dest" sigs.k8s.io/cluster-api/cmd/clusterctl
