#!/usr/bin/env bash
# install-clusterctl.sh VERSION DEST: builds clusterctl VERSION from the Go module proxy into DEST.
# v1.14+ carries a replace directive that `go install` refuses, so those versions are built
# through a throw-away wrapper module that requires cluster-api and cluster-api/api at VERSION.
# The version is stamped as cluster-api's own release build does (hack/version.sh: -X on
# sigs.k8s.io/cluster-api/version): without it `clusterctl version` prints nothing and
# every command fails its version check ("unable to semver parse clusterctl GitVersion")
# unless CLUSTERCTL_DISABLE_VERSIONCHECK=true.
set -euo pipefail
version=$1 dest=$2
export GOTOOLCHAIN=local GOFLAGS=-mod=mod
mkdir -p "$(dirname "$dest")"
[[ "$version" =~ ^v([0-9]+)\.([0-9]+)\.[0-9]+$ ]] || { echo "install-clusterctl.sh: $version is not vMAJOR.MINOR.PATCH" >&2; exit 2; }
major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]}
pkg=sigs.k8s.io/cluster-api/version
date=$(date ${SOURCE_DATE_EPOCH:+--date=@$SOURCE_DATE_EPOCH} -u +%Y-%m-%dT%H:%M:%SZ)
ldflags="-X $pkg.gitVersion=$version -X $pkg.gitMajor=$major -X $pkg.gitMinor=$minor -X $pkg.gitTreeState=clean -X $pkg.buildDate=$date"
if [ "$minor" -lt 14 ]; then
  GOBIN=$(mktemp -d)
  GOBIN=$GOBIN go install -ldflags "$ldflags" "sigs.k8s.io/cluster-api/cmd/clusterctl@$version"
  mv "$GOBIN/clusterctl" "$dest"; rmdir "$GOBIN"
  exit 0
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
go mod init clusterctl-wrapper >/dev/null 2>&1
go get "sigs.k8s.io/cluster-api@$version" "sigs.k8s.io/cluster-api/api@$version" >/dev/null
go get "sigs.k8s.io/cluster-api/cmd/clusterctl@$version" >/dev/null
go build -ldflags "$ldflags" -o "$dest" sigs.k8s.io/cluster-api/cmd/clusterctl
