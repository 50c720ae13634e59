#!/usr/bin/env bash
# action-install.sh: the "Install capirepo" step of the GitHub Action (action.yml). It
# puts capirepo on the job's PATH: the release binary of the action's own ref for the
# runner's OS and architecture, checked against the release's checksums.txt (and
# checksums.txt's Sigstore bundle, with cosign), or, only when the ref has no release,
# a build from the action's own source. A checksum or signature that does not match
# fails the step; it never falls back to building.
#
# Everything comes from the environment (action.yml passes inputs through env:, never
# into a script text), and is checked before use:
#   ACTION_REPOSITORY  OWNER/NAME of the action (github.action_repository)
#   ACTION_REF         the ref in `uses:`: a tag, a commit SHA or a branch
#   ACTION_PATH        the action's source (github.action_path)
#   CAPIREPO_VERSION   input capirepo-version: vX.Y.Z to install instead of the ref's
#   REQUIRE_SIGNATURE  input require-signature: true refuses a release whose
#                      checksums.txt signature is missing or cannot be verified
#   GITHUB_SERVER_URL, RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_PATH, GITHUB_OUTPUT
# Messages carry only validated values, never the raw ref (a crafted value could
# carry workflow commands). Step outputs: capirepo-version (what `capirepo version`
# prints), capirepo-from (release or source).
set -euo pipefail

fail() { echo "::error title=capirepo action::$1" >&2; exit 1; }
note() { echo "::notice title=capirepo action::$1" >&2; }

# A release version; action.yml's Validate step checks capirepo-version with the same.
semver='^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$'
server=${GITHUB_SERVER_URL:-https://github.com}
repo=${ACTION_REPOSITORY:-}
ref=${ACTION_REF:-}
want_version=${CAPIREPO_VERSION:-}
require_signature=${REQUIRE_SIGNATURE:-false}
# Plain http only on the loopback address, where the tests serve a fake release.
[[ "$server" =~ ^https://[A-Za-z0-9.-]+(:[0-9]+)?$ || "$server" =~ ^http://127\.0\.0\.1:[0-9]+$ ]] ||
  fail "GITHUB_SERVER_URL is not an https:// server URL"
[[ -z "$want_version" || "$want_version" =~ $semver ]] || fail "input capirepo-version must be an exact version vX.Y.Z"
[[ "$require_signature" == true || "$require_signature" == false ]] || fail "input require-signature takes true or false"
[[ "$repo" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || repo="" # unknown (a local or nested action): no release
dest="$RUNNER_TEMP/capirepo-bin"
work=$(mktemp -d "$RUNNER_TEMP/capirepo-install.XXXXXX")
trap 'rm -rf "$work"' EXIT

# platform sets goos, goarch, ext (archive) and exe (binary suffix) for the runner;
# it returns 1 where goreleaser.yaml builds no binary.
platform() {
  case "${RUNNER_OS:-}" in
  Linux) goos=linux ext=tar.gz exe="" ;;
  macOS) goos=darwin ext=tar.gz exe="" ;;
  Windows) goos=windows ext=zip exe=.exe ;;
  *) return 1 ;;
  esac
  case "${RUNNER_ARCH:-}" in
  X64) goarch=amd64 ;;
  ARM64) goarch=arm64 ;;
  *) return 1 ;;
  esac
}

# re escapes a string for a regular expression.
re() { printf '%s' "$1" | sed 's/[][\\.*^$+?(){}|]/\\&/g'; }

# tag_of_ref prints the release tag of the ref, if it has one: the ref itself when it
# is a version tag, else the version tag (vX.Y.Z) on the commit a SHA or a moving tag
# (v1, v1.2) names, read with git ls-remote. Branches have none.
tag_of_ref() {
  if [[ "$ref" =~ $semver ]]; then printf '%s' "$ref"; return; fi
  [[ "$ref" =~ ^[0-9a-f]{40}$ || "$ref" =~ ^v[0-9]+(\.[0-9]+)?$ ]] || return 0
  local refs commit
  refs=$(GIT_TERMINAL_PROMPT=0 git ls-remote --tags "$server/$repo" 2>/dev/null) || { note "could not list the tags of $repo: building from source"; return 0; }
  commit=$ref
  if [[ ! "$ref" =~ ^[0-9a-f]{40}$ ]]; then
    commit=$(awk -v t="refs/tags/$ref" '$2 == t || $2 == t "^{}" {c = $1} END {print c}' <<<"$refs")
  fi
  [[ -n "$commit" ]] || return 0
  local t
  while read -r t; do
    if [[ "$t" =~ $semver ]]; then printf '%s' "$t"; return 0; fi
  done < <(awk -v c="$commit" '$1 == c {sub(/^refs\/tags\//, "", $2); sub(/\^\{\}$/, "", $2); print $2}' <<<"$refs")
}

# download URL FILE prints the HTTP status of the final response; the body is in FILE.
download() {
  curl -q --silent --show-error --location --proto-redir '=https' --retry 3 \
    --output "$2" --write-out '%{http_code}' "$1" || fail "downloading $1 failed"
}

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | awk '{print $1}'; else shasum -a 256 "$1" | awk '{print $1}'; fi
}

# pinned_sum ASSET prints the sha256 this action's commit pins for a release asset
# (hack/action-checksums.txt, the checksums.txt of every release, added after it was
# published), or nothing.
pinned_sum() {
  [[ -f "$ACTION_PATH/hack/action-checksums.txt" ]] || return 0
  awk -v n="$1" '$1 !~ /^#/ && ($2 == n || $2 == "*" n) {print $1}' "$ACTION_PATH/hack/action-checksums.txt"
}

# verify_signature BASE TAG PINNED checks checksums.txt against its Sigstore bundle,
# signed keyless by the release workflow of the action's repository at the tag
# (.github/workflows/release.yaml). A release whose checksum the action's commit does
# not pin (PINNED empty) is refused unless its signature verifies: it is the only
# anchor outside the release, whose assets can be replaced.
verify_signature() {
  local bundle="$work/checksums.txt.sigstore.json" code identity issuer
  code=$(download "$1/checksums.txt.sigstore.json" "$bundle")
  if [[ "$code" == 404 ]]; then
    [[ -n "$3" && "$require_signature" == false ]] || fail "release $2 has no checksums.txt.sigstore.json, and this action's commit pins no checksum of it: refusing an unverified binary"
    note "release $2 has no signature of checksums.txt: the binary is checked against the checksum this action's commit pins"
    return
  fi
  [[ "$code" == 200 ]] || fail "downloading $1/checksums.txt.sigstore.json: HTTP $code"
  if ! command -v cosign >/dev/null; then
    [[ -n "$3" && "$require_signature" == false ]] || fail "cosign is not on PATH, and this action's commit pins no checksum of release $2: add sigstore/cosign-installer before this action, or pin the action to a later commit"
    note "cosign is not on PATH: the binary is checked against the checksum this action's commit pins"
    return
  fi
  identity="^$(re "$server/$repo")/\\.github/workflows/release\\.yaml@refs/tags/$(re "$2")\$"
  issuer="$server/_services/token" # GitHub Enterprise Server's Actions issuer
  [[ "$server" != https://github.com ]] || issuer=https://token.actions.githubusercontent.com
  if ! cosign verify-blob --bundle "$bundle" --certificate-identity-regexp "$identity" \
    --certificate-oidc-issuer "$issuer" "$work/checksums.txt" >"$work/cosign.log" 2>&1; then
    sed 's/^/cosign: /' "$work/cosign.log" >&2 # prefixed: no line of it is a workflow command
    fail "the signature of checksums.txt of release $2 does not verify (signer $identity, issuer $issuer): refusing the binary"
  fi
}

# extract ARCHIVE puts the binary of the archive into $work/x.
extract() {
  mkdir "$work/x"
  if [[ "$ext" == tar.gz ]]; then
    tar -xzf "$1" -C "$work/x" capirepo || fail "$(basename "$1") holds no capirepo"
  elif command -v unzip >/dev/null; then
    unzip -q "$1" capirepo.exe -d "$work/x" || fail "$(basename "$1") holds no capirepo.exe"
  elif command -v 7z >/dev/null; then
    (cd "$work/x" && 7z x -y "$1" capirepo.exe >/dev/null) || fail "$(basename "$1") holds no capirepo.exe"
  else
    fail "no unzip or 7z to open $(basename "$1")"
  fi
}

# install_release TAG installs the verified binary of release TAG into $dest and
# sets from=release, or leaves from empty when the release or its archive is missing.
install_release() {
  local base="$server/$repo/releases/download/$1" asset="capirepo_${1#v}_${goos}_${goarch}.${ext}" code want got pinned
  code=$(download "$base/checksums.txt" "$work/checksums.txt")
  [[ "$code" != 404 ]] || { note "$repo has no release $1 (no checksums.txt)"; return 0; }
  [[ "$code" == 200 ]] || fail "downloading $base/checksums.txt: HTTP $code"
  pinned=$(pinned_sum "$asset")
  verify_signature "$base" "$1" "$pinned"
  code=$(download "$base/$asset" "$work/$asset")
  [[ "$code" != 404 ]] || { note "release $1 has no $asset"; return 0; }
  [[ "$code" == 200 ]] || fail "downloading $base/$asset: HTTP $code"
  want=$(awk -v n="$asset" '$2 == n || $2 == "*" n {print $1}' "$work/checksums.txt")
  [[ "$want" =~ ^[0-9a-f]{64}$ ]] || fail "checksums.txt of release $1 has no sha256 of $asset: refusing an unverified binary"
  got=$(sha256 "$work/$asset")
  [[ -z "$pinned" || "$want" == "$pinned" ]] || fail "checksums.txt of release $1 says $want for $asset, but this action's commit pins $pinned (hack/action-checksums.txt): refusing a replaced release asset"
  [[ "$got" == "$want" ]] || fail "$asset has sha256 $got, but checksums.txt of release $1 says $want: refusing it (a corrupted or altered download)"
  extract "$work/$asset"
  mkdir -p "$dest" && mv -f "$work/x/capirepo$exe" "$dest/capirepo$exe" && chmod +x "$dest/capirepo$exe"
  from=release
}

# build_source VERSION builds capirepo from the action's source into $dest, with
# VERSION set at link time unless it is empty (then `capirepo version` says dev).
build_source() {
  command -v go >/dev/null || fail "no release to download for the ref in uses: and no go to build it: pin the action to a release tag, or add actions/setup-go (Go 1.26+) before it"
  [[ -f "$ACTION_PATH/go.mod" ]] || fail "ACTION_PATH does not hold the action's source"
  mkdir -p "$dest"
  if [[ -n "$1" ]]; then
    (cd "$ACTION_PATH" && CGO_ENABLED=0 go build -trimpath -ldflags "-X github.com/capirepo/capirepo/pkg/cli.Version=$1" -o "$dest/capirepo$exe" ./cmd/capirepo)
  else
    (cd "$ACTION_PATH" && CGO_ENABLED=0 go build -trimpath -o "$dest/capirepo$exe" ./cmd/capirepo)
  fi
  from=source
}

from="" tag="$want_version" goos="" goarch="" ext="" exe=""
[[ "${RUNNER_OS:-}" != Windows ]] || exe=.exe
if [[ -n "$repo" ]] && platform; then
  [[ -n "$tag" ]] || tag=$(tag_of_ref)
  [[ -z "$tag" ]] || install_release "$tag"
fi
if [[ -z "$from" && -n "$want_version" ]]; then
  command -v go >/dev/null || fail "no release $want_version to download and no go to install it"
  mkdir -p "$dest" && GOBIN="$dest" go install "github.com/capirepo/capirepo/cmd/capirepo@$want_version"
  from=source
elif [[ -z "$from" ]]; then
  stamp=""
  if [[ "$ref" =~ $semver ]]; then stamp=$ref; elif [[ "$ref" =~ ^[0-9a-f]{40}$ ]]; then stamp="dev+${ref:0:12}"; fi
  build_source "$stamp" # the same "dev+<commit>" as a build in a clone of that commit
fi
version=$("$dest/capirepo$exe" version)
[[ "$version" =~ ^[0-9A-Za-z.+_-]+$ ]] || fail "the installed capirepo prints an unexpected version"
echo "capirepo $version (from $from${tag:+, release $tag})" >&2
echo "$dest" >>"$GITHUB_PATH"
printf 'capirepo-version=%s\ncapirepo-from=%s\n' "$version" "$from" >>"$GITHUB_OUTPUT"
