package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
	yaml "go.yaml.in/yaml/v3"
)

// TestDocsBlocksWorkAsWritten: every code block of README.md and docs/ works as
// written. A page's shell blocks run in order, as one terminal session a reader
// starts at the root of a fresh clone: in a copy of the repository's files (no .git,
// nothing git ignores, every file older than the tools in bin/), with capirepo and
// clusterctl v1.14.2 on PATH and the clusterctl binaries in bin/ (as make
// install-tools leaves them), offline (GOPROXY=off, no token, HOME and TMPDIR inside
// the test). Only the visible text runs: a block that needs another folder says cd,
// or copies what it changes to a scratch folder; a command that ends with another
// exit code than 0 says so in a comment at its end (# exits 10: why). The first
// command that fails fails the page, and so does a page that changes the copy outside
// bin/ and dist/ (the reader's checkout). A block that needs the network, a forge or
// secrets says so right above it: <!-- not run: REASON -->. YAML blocks must parse,
// and those that are capirepo.yaml (or part of one) must load as pkg/config loads a
// config; JSON blocks must parse; text blocks are output or diagrams. Every block
// names its language, and every fence is closed.
func TestDocsBlocksWorkAsWritten(t *testing.T) {
	t.Parallel()
	root := tree.RepoRoot(t)
	for _, page := range docPages(t, root) {
		blocks, err := blocksOf(root, page)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(page, func(t *testing.T) {
			t.Parallel()
			checkPage(t, root, blocks)
		})
	}
}

// checkPage checks every block of a page and runs its shell blocks.
func checkPage(t *testing.T, root string, blocks []docBlock) {
	var run []docBlock
	for _, b := range blocks {
		skip, err := parseMarker(b)
		if err != nil {
			t.Fatal(err)
		}
		switch b.lang {
		case "sh", "bash", "shell":
			if skip == "" {
				run = append(run, b)
			}
		case "yaml", "yml":
			if err := checkYAML(b); err != nil {
				t.Fatalf("%s: %v", b.where(), err)
			}
		case "json":
			if !json.Valid([]byte(b.text)) {
				t.Fatalf("%s: not valid JSON", b.where())
			}
		case "text":
		case "":
			t.Fatalf("%s: name the block's language (sh, yaml, json; text for output and diagrams)", b.where())
		default:
			if skip == "" {
				t.Fatalf("%s: a %s block is neither run nor checked: mark it <!-- not run: REASON -->", b.where(), b.lang)
			}
		}
	}
	if len(run) > 0 {
		if err := runPage(t, root, run); err != nil {
			t.Fatal(err)
		}
	}
}

// checkYAML parses every document of a YAML block; a capirepo.yaml, or a part of one
// (a providers: entry, a lint: or remoteResources: section), must load as a config.
func checkYAML(b docBlock) error {
	dec := yaml.NewDecoder(strings.NewReader(b.text))
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
	}
	data, ok := configOf(b.text)
	if !ok {
		return nil
	}
	cfg, err := config.Parse(b.where(), []byte(data))
	if err != nil {
		return err
	}
	return cfg.Validate()
}

// minimalProvider completes a part of a config into a whole one.
const minimalProvider = "providers:\n- {name: sample, type: InfrastructureProvider, components: {kustomize: config/default}, metadata: metadata.yaml}\n"

// configOf is the capirepo.yaml a block is, or is part of.
func configOf(text string) (string, bool) {
	first := strings.TrimSpace(strings.SplitN(strings.TrimLeft(text, "\n"), "\n", 2)[0])
	switch {
	case strings.HasPrefix(first, "providers:"):
		return text, true
	case strings.HasPrefix(first, "lint:"), strings.HasPrefix(first, "remoteResources:"):
		return minimalProvider + text, true
	case strings.HasPrefix(first, "- name:") && strings.Contains(text, "\n  type:"):
		return "providers:\n" + text, true
	}
	return "", false
}

// TestAnnotatedConfigLoads: the annotated capirepo.yaml of docs/config.md, extracted
// as written, loads with pkg/config (strict decoding and every validation).
func TestAnnotatedConfigLoads(t *testing.T) {
	t.Parallel()
	root := tree.RepoRoot(t)
	blocks, err := blocksOf(root, "docs/config.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range blocks {
		if b.lang != "yaml" || !strings.HasPrefix(b.text, "providers:") {
			continue
		}
		file := filepath.Join(t.TempDir(), "capirepo.yaml")
		if err := os.WriteFile(file, []byte(b.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := config.Load(file); err != nil {
			t.Fatalf("%s: the annotated config does not load: %v", b.where(), err)
		}
		return
	}
	t.Fatal("docs/config.md has no annotated capirepo.yaml (a yaml block starting with providers:)")
}
