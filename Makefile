# capirepo Makefile. `make test` is the one test command (CI runs it from a fresh clone).
SHELL := /bin/bash
export GOTOOLCHAIN := local
BIN := $(CURDIR)/bin
CLUSTERCTL_VERSIONS := v1.6.8 v1.13.6 v1.14.2
CLUSTERCTL_BINS := $(foreach v,$(CLUSTERCTL_VERSIONS),$(BIN)/clusterctl-$(v))
# The cluster-api-operator's kubectl plugin: the e2e tests run its `preload` against
# artifacts `publish oci` pushed (its go.mod has no replace directive and builds with Go 1.26).
OPERATOR_VERSION := v0.29.0
OPERATOR_PLUGIN := $(BIN)/capi-operator-plugin-$(OPERATOR_VERSION)
# cosign: the e2e tests verify signed builds with the real CLI (it builds with Go 1.26).
COSIGN_VERSION := v3.1.3
COSIGN := $(BIN)/cosign-$(COSIGN_VERSION)
# envtest's control plane for `verify --install` tests: kube-apiserver and etcd built from the
# Go module proxy through the wrapper modules in hack/tools (k8s.io/kubernetes and etcd's server
# carry replace directives `go install` refuses). The version stamp makes clusterctl accept the server.
KUBE_VERSION := v1.35.4
ETCD_VERSION := v3.6.16
ENVTEST := $(BIN)/envtest-$(KUBE_VERSION)
CAPI_VERSION := v1.14.2
CAPI_REPO := $(BIN)/capi-$(CAPI_VERSION)
# The cert-manager release clusterctl v1.14.2 installs (pkg/mirror's pin): its CRDs go into
# the install tests' local repository, so clusterctl init skips installing cert-manager.
CERT_MANAGER_VERSION := v1.21.1
KUBE_LDFLAGS := -s -w -X k8s.io/component-base/version.gitVersion=$(KUBE_VERSION) \
	-X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=35

.PHONY: build test unit bench kustomize lint install-tools envtest capi-components clean example clusterctl

build:
	go build -o $(BIN)/capirepo ./cmd/capirepo

install-tools: $(CLUSTERCTL_BINS) $(OPERATOR_PLUGIN) $(COSIGN) envtest $(CAPI_REPO)/clusterctl.yaml

# cluster-api's core, kubeadm bootstrap and control-plane components, rendered from the
# cluster-api module's config/ into a clusterctl local repository (bin/capi-v1.14.2), so
# the install tests' clusterctl init reads them from inside the repository.
$(CAPI_REPO)/clusterctl.yaml: hack/tools/capi-components/main.go
	src=$$(go mod download -json sigs.k8s.io/cluster-api@$(CAPI_VERSION) | sed -n 's/.*"Dir": "\(.*\)",/\1/p'); \
	cm=$$(go mod download -json github.com/cert-manager/cert-manager@$(CERT_MANAGER_VERSION) | sed -n 's/.*"Dir": "\(.*\)",/\1/p'); \
	cd hack/tools/capi-components && go run . "$$src" $(CAPI_VERSION) $(CAPI_REPO) "$$cm" $(CERT_MANAGER_VERSION)

# envtest fills bin/envtest-v1.35.4 as setup-envtest would (KUBEBUILDER_ASSETS points there).
envtest: $(ENVTEST)/kube-apiserver $(ENVTEST)/etcd

capi-components: $(CAPI_REPO)/clusterctl.yaml

$(ENVTEST)/kube-apiserver: hack/tools/kube-apiserver/go.mod
	mkdir -p $(ENVTEST)
	cd hack/tools/kube-apiserver && go build -trimpath -ldflags '$(KUBE_LDFLAGS)' -o $@.tmp k8s.io/kubernetes/cmd/kube-apiserver
	mv $@.tmp $@

$(ENVTEST)/etcd: hack/tools/etcd/go.mod
	mkdir -p $(ENVTEST)
	cd hack/tools/etcd && go build -trimpath -ldflags '-s -w' -o $@.tmp go.etcd.io/etcd/server/v3
	mv $@.tmp $@

$(COSIGN):
	mkdir -p $(BIN)/.cosign
	GOBIN=$(BIN)/.cosign go install github.com/sigstore/cosign/v3/cmd/cosign@$(COSIGN_VERSION)
	mv $(BIN)/.cosign/cosign $@ && rmdir $(BIN)/.cosign

$(OPERATOR_PLUGIN):
	mkdir -p $(BIN)/.operator
	GOBIN=$(BIN)/.operator go install sigs.k8s.io/cluster-api-operator/cmd/plugin@$(OPERATOR_VERSION)
	mv $(BIN)/.operator/plugin $@ && rmdir $(BIN)/.operator

# A clusterctl is rebuilt when the script that builds (and version-stamps) it changes.
$(BIN)/clusterctl-%: hack/install-clusterctl.sh
	hack/install-clusterctl.sh $* $@

# clusterctl: the newest clusterctl the tests run, for README's quick start.
clusterctl: $(BIN)/clusterctl-$(lastword $(CLUSTERCTL_VERSIONS))

# test runs every unit test and the end-to-end tests against the real clusterctl binaries,
# then fuzzes the listing decoders of GitHub and GitLab for a bounded time each.
FUZZTIME := 15s

test: lint install-tools
	CAPIREPO_CLUSTERCTL_DIR=$(BIN) CAPIREPO_REQUIRE_CLUSTERCTL=1 go test -count=1 -timeout 15m ./...
	go test -run '^$$' -fuzz FuzzListingDecoders -fuzztime $(FUZZTIME) ./pkg/backend/github/
	go test -run '^$$' -fuzz FuzzListingDecoders -fuzztime $(FUZZTIME) ./pkg/backend/gitlab/

# unit runs the tests without building clusterctl (e2e tests skip themselves).
unit:
	go test ./...

# bench runs every benchmark; the performance ones report a ratio against their anchor
# (build/kustomize-lib, capirepo/kustomize-cli, lint/decode, peak-lint/decode,
# build/sequential-kustomize, small/large). The kustomize CLI is only needed here.
# -p 1: one package's benchmarks at a time, so they do not compete for the cores.
# The process benchmarks (`capirepo lint FILE` as users run it, against a yaml.v3
# decode process: lint/decode-wall, -cpu, -rss; `capirepo build` against `kustomize
# build` of the same folder: build/kustomize-cli-wall, -cpu, -rss, on a CAPA-shaped
# tree and on the provider tree CAPIREPO_BENCH_TREE names; `verify --install` of a
# CAPA-sized release: start-s, init-s, dry-runs-s, total-s) run last, 5 alternating
# runs each.
PROCESS_BENCH := LintProcess|BuildProcess|VerifyInstallProcess

bench: $(BIN)/kustomize envtest $(CAPI_REPO)/clusterctl.yaml $(BIN)/clusterctl-v1.14.2
	CAPIREPO_KUSTOMIZE=$(BIN)/kustomize go test -p 1 -run '^$$' -bench . -skip '$(PROCESS_BENCH)' -benchmem -benchtime 3x -timeout 30m ./...
	CAPIREPO_KUSTOMIZE=$(BIN)/kustomize CAPIREPO_CLUSTERCTL_DIR=$(BIN) go test -run '^$$' -bench '$(PROCESS_BENCH)' -benchtime 5x -timeout 30m ./cmd/capirepo

KUSTOMIZE_VERSION := v5.8.2

kustomize: $(BIN)/kustomize

$(BIN)/kustomize:
	GOBIN=$(BIN) go install sigs.k8s.io/kustomize/kustomize/v5@$(KUSTOMIZE_VERSION)

# staticcheck, for its dead-code check only (U1000: functions, types and fields
# nothing calls, tests included; run again without the tests, it finds the code only
# tests call, which belongs in a _test.go file). v0.8.2 builds with Go 1.26.
STATICCHECK_VERSION := v0.8.2
STATICCHECK := $(BIN)/staticcheck-$(STATICCHECK_VERSION)

$(STATICCHECK):
	mkdir -p $(BIN)/.staticcheck
	GOBIN=$(BIN)/.staticcheck go install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	mv $(BIN)/.staticcheck/staticcheck $@ && rmdir $(BIN)/.staticcheck

# lint: gofmt, go vet and the dead-code check; pkg/fsx's locks differ by system, so
# its Windows and macOS files are vetted too (no test runs them here).
lint: $(STATICCHECK)
	@out=$$(gofmt -l cmd pkg); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	go vet ./...
	GOOS=windows go vet ./pkg/fsx/ && GOOS=darwin go vet ./pkg/fsx/
	$(STATICCHECK) -checks U1000 ./...
	$(STATICCHECK) -checks U1000 -tests=false ./...

example: build
	$(BIN)/capirepo build --config examples/sample/capirepo.yaml --version v0.1.0 --published= --out dist

clean:
	rm -rf $(BIN) dist
