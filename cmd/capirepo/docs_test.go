package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
	yaml "go.yaml.in/yaml/v3"
)

// TestDocsBlocksWorkAsWritten: every code block of README.md and docs/ works as
// written. Shell blocks run, command by command, in a copy of the repository (one per
// page, the blocks in order) with capirepo and clusterctl v1.14.2 on PATH and the
// clusterctl binaries in bin/, offline (GOPROXY=off, no token, HOME inside the
// copy); the first command that fails (exit code not 0, nor one its block's marker
// allows) fails the page. A block that needs the network, a forge or secrets says so
// right above it: <!-- not run: REASON -->; <!-- run: in DIR; before: CMD; exits: N -->
// runs it in DIR of the copy (after CMD; its last command may exit N). YAML blocks must parse,
// and those that are capirepo.yaml (or part of one) must load as pkg/config loads a
// config; JSON blocks must parse; text blocks are output or diagrams. Every block
// names its language.
func TestDocsBlocksWorkAsWritten(t *testing.T) {
	t.Parallel()
	root := tree.RepoRoot(t)
	for _, page := range docPages(t, root) {
		blocks := blocksOf(t, root, page)
		t.Run(page, func(t *testing.T) {
			t.Parallel()
			checkPage(t, root, blocks)
		})
	}
}

// checkPage checks every block of a page and runs its shell blocks.
func checkPage(t *testing.T, root string, blocks []docBlock) {
	var run []docBlock
	var markers []runMarker
	for _, b := range blocks {
		m, err := parseMarker(b)
		if err != nil {
			t.Fatal(err)
		}
		switch b.lang {
		case "sh", "bash", "shell":
			if m.skip == "" {
				run, markers = append(run, b), append(markers, m)
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
			if m.skip == "" {
				t.Fatalf("%s: a %s block is neither run nor checked: mark it <!-- not run: REASON -->", b.where(), b.lang)
			}
		}
	}
	if len(run) == 0 {
		return
	}
	sh := newShell(t, root, run)
	for i, b := range run {
		sh.block(t, b, markers[i])
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

// shell runs a page's blocks in its copy of the repository.
type shell struct {
	dir string   // the copy
	env []string // the commands' environment
}

func newShell(t *testing.T, root string, blocks []docBlock) *shell {
	t.Helper()
	work := t.TempDir()
	dir := filepath.Join(work, "repo")
	copyRepo(t, root, dir)
	path := filepath.Join(work, "path")
	mkdir(t, path, filepath.Join(dir, "bin"), filepath.Join(work, "home"))
	wrapper := fmt.Sprintf("#!/bin/sh\n%s=1 exec %q \"$@\"\n", asMain, os.Args[0])
	writeExecutable(t, filepath.Join(path, "capirepo"), wrapper)
	if slices.ContainsFunc(blocks, func(b docBlock) bool { return strings.Contains(b.text, "clusterctl") }) {
		linkClusterctl(t, path, filepath.Join(dir, "bin"))
	}
	return &shell{dir: dir, env: docsEnv(t, work, path)}
}

// linkClusterctl puts every installed clusterctl into bin/ of the copy and v1.14.2 on
// PATH as clusterctl (the page is skipped without them, unless make test requires them).
func linkClusterctl(t *testing.T, path, bin string) {
	t.Helper()
	all := clusterctl.Find(t)
	for _, b := range all {
		if err := os.Symlink(b.Path, filepath.Join(bin, filepath.Base(b.Path))); err != nil {
			t.Fatal(err)
		}
	}
	newest := clusterctl.Pick(t, "v1.14.2")
	if len(newest) == 0 {
		t.Skip("clusterctl v1.14.2 is not installed: run make install-tools")
	}
	if err := os.Symlink(newest[0].Path, filepath.Join(path, "clusterctl")); err != nil {
		t.Fatal(err)
	}
}

// docsEnv is the commands' environment: offline, no credential, HOME and caches of
// capirepo inside the work folder, Go's build and module caches as they are (for
// make example), clusterctl without its version check.
func docsEnv(t *testing.T, work, path string) []string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	goenv := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(goenv) != 3 {
		t.Fatalf("go env: %q", out)
	}
	return []string{
		"PATH=" + path + string(os.PathListSeparator) + filepath.Join(goenv[2], "bin") + string(os.PathListSeparator) + "/usr/local/bin:/usr/bin:/bin",
		"HOME=" + filepath.Join(work, "home"), "XDG_CONFIG_HOME=" + filepath.Join(work, "home", ".config"),
		"XDG_CACHE_HOME=" + filepath.Join(work, "home", ".cache"), "TMPDIR=" + os.TempDir(),
		"GOCACHE=" + goenv[0], "GOMODCACHE=" + goenv[1], "GOPROXY=off", "GOFLAGS=-mod=readonly", "GOTOOLCHAIN=local",
		"CLUSTERCTL_DISABLE_VERSIONCHECK=true", "KUBECONFIG=" + filepath.Join(work, "no-kubeconfig"),
	}
}

// block runs a block's commands one by one; the first that fails fails the page.
func (s *shell) block(t *testing.T, b docBlock, m runMarker) {
	t.Helper()
	cmds := commands(b.text)
	if m.before != "" {
		cmds = append([]string{m.before}, cmds...)
	}
	for i, c := range cmds {
		allowed := m.exits
		if i < len(cmds)-1 {
			allowed = nil // exits: is the block's last command's
		}
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
		cmd := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", c)
		cmd.Dir, cmd.Env = filepath.Join(s.dir, m.in), s.env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		cancel()
		code := cmd.ProcessState.ExitCode()
		if err != nil && (code <= 0 || !slices.Contains(allowed, code)) {
			t.Fatalf("%s: %s\nexits %d (%v): the block does not work as written\n%s", b.where(), c, code, err, out.String())
		}
	}
}

// copyRepo copies the repository's files (not .git, bin/ or dist/) to dst.
func copyRepo(t *testing.T, root, dst string) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		switch {
		case rel == ".git" || rel == "bin" || rel == "dist": // bin may be a link to the tools
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		fi, err := d.Info()
		switch {
		case err != nil:
			return err
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case fi.Mode()&os.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, fi.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

func mkdir(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAnnotatedConfigLoads: the annotated capirepo.yaml of docs/config.md, extracted
// as written, loads with pkg/config (strict decoding and every validation).
func TestAnnotatedConfigLoads(t *testing.T) {
	t.Parallel()
	root := tree.RepoRoot(t)
	for _, b := range blocksOf(t, root, "docs/config.md") {
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
