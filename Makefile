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

.PHONY: build test unit bench kustomize lint install-tools clean example

build:
	go build -o $(BIN)/capirepo ./cmd/capirepo

install-tools: $(CLUSTERCTL_BINS) $(OPERATOR_PLUGIN) $(COSIGN)

$(COSIGN):
	mkdir -p $(BIN)/.cosign
	GOBIN=$(BIN)/.cosign go install github.com/sigstore/cosign/v3/cmd/cosign@$(COSIGN_VERSION)
	mv $(BIN)/.cosign/cosign $@ && rmdir $(BIN)/.cosign

$(OPERATOR_PLUGIN):
	mkdir -p $(BIN)/.operator
	GOBIN=$(BIN)/.operator go install sigs.k8s.io/cluster-api-operator/cmd/plugin@$(OPERATOR_VERSION)
	mv $(BIN)/.operator/plugin $@ && rmdir $(BIN)/.operator

$(BIN)/clusterctl-%:
	hack/install-clusterctl.sh $* $@

# test runs every unit test and the end-to-end tests against the real clusterctl binaries.
test: lint install-tools
	CAPIREPO_CLUSTERCTL_DIR=$(BIN) CAPIREPO_REQUIRE_CLUSTERCTL=1 go test -count=1 -timeout 15m ./...

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
# tree and on the provider tree CAPIREPO_BENCH_TREE names) run last, 5 alternating
# runs each.
PROCESS_BENCH := LintProcess|BuildProcess

bench: $(BIN)/kustomize
	CAPIREPO_KUSTOMIZE=$(BIN)/kustomize go test -p 1 -run '^$$' -bench . -skip '$(PROCESS_BENCH)' -benchmem -benchtime 3x -timeout 30m ./...
	CAPIREPO_KUSTOMIZE=$(BIN)/kustomize go test -run '^$$' -bench '$(PROCESS_BENCH)' -benchtime 5x -timeout 30m ./cmd/capirepo

KUSTOMIZE_VERSION := v5.8.2

kustomize: $(BIN)/kustomize

$(BIN)/kustomize:
	GOBIN=$(BIN) go install sigs.k8s.io/kustomize/kustomize/v5@$(KUSTOMIZE_VERSION)

# lint: gofmt and go vet; pkg/fsx's locks differ by system, so its Windows and macOS
# files are vetted too (no test runs them here).
lint:
	@out=$$(gofmt -l cmd pkg); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	go vet ./...
	GOOS=windows go vet ./pkg/fsx/ && GOOS=darwin go vet ./pkg/fsx/

example: build
	$(BIN)/capirepo build --config examples/sample/capirepo.yaml --version v0.1.0 --published= --out dist

clean:
	rm -rf $(BIN) dist
