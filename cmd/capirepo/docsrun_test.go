package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

// runPage runs a page's shell blocks, in order, as one bash session started at the
// root of a fresh copy of the repository; then the copy must be as it was, but for
// bin/ and dist/. The error names the command that failed, with its output.
func runPage(t *testing.T, root string, blocks []docBlock) error {
	t.Helper()
	work := t.TempDir()
	dir := filepath.Join(work, "repo")
	copyRepo(t, root, dir)
	path := filepath.Join(work, "path")
	mkdir(t, path, filepath.Join(dir, "bin"), filepath.Join(work, "home"), filepath.Join(work, "tmp"))
	wrapper := fmt.Sprintf("#!/bin/sh\n%s=1 exec %q \"$@\"\n", asMain, os.Args[0])
	writeExecutable(t, filepath.Join(path, "capirepo"), wrapper)
	if slices.ContainsFunc(blocks, func(b docBlock) bool { return strings.Contains(b.text, "clusterctl") }) {
		linkClusterctl(t, path, filepath.Join(dir, "bin"))
	}
	before := snapshot(t, dir)
	script, cmds := session(blocks)
	file := filepath.Join(work, "session.sh") // not stdin: a command may read it
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "--noprofile", "--norc", "-o", "pipefail", file)
	cmd.Dir, cmd.Env = dir, docsEnv(t, work, path)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("the session of the page's blocks: %v\n%s", err, out.String())
	}
	if failed, ok := failure(out.String(), cmds); ok {
		return errors.New(failed)
	}
	if changed := changes(before, snapshot(t, dir)); len(changed) > 0 {
		return fmt.Errorf("the page's blocks change the reader's checkout (work in a scratch copy): %s", strings.Join(changed, ", "))
	}
	return nil
}

// pageCommand is one command of a page's session, with where it is written.
type pageCommand struct {
	where, text string
}

// session is the bash script of a page's blocks: before each command a line naming
// it, after it a check of its exit code that ends the session with a report line.
func session(blocks []docBlock) (string, []pageCommand) {
	var sb strings.Builder
	var cmds []pageCommand
	for _, b := range blocks {
		for _, c := range commands(b.text) {
			i := len(cmds)
			cmds = append(cmds, pageCommand{b.where(), c})
			allowed := "0"
			for _, n := range allowedExits(c) {
				allowed += " " + strconv.Itoa(n)
			}
			fmt.Fprintf(&sb, "echo '@@docs command %d'\n%s\n", i, c)
			fmt.Fprintf(&sb, "__rc=$?; case \" %s \" in *\" $__rc \"*) ;; *) echo \"@@docs failed %d $__rc\"; exit 0;; esac\n", allowed, i)
		}
	}
	return sb.String(), cmds
}

// failure is the report of the command that failed, with its output, if one did.
func failure(out string, cmds []pageCommand) (string, bool) {
	i := strings.LastIndex(out, "\n@@docs failed ")
	if i < 0 {
		return "", false
	}
	var n, code int
	fmt.Sscanf(out[i+1:], "@@docs failed %d %d", &n, &code)
	start := strings.LastIndex(out, fmt.Sprintf("@@docs command %d\n", n))
	c := cmds[n]
	return fmt.Sprintf("%s: %s\nexits %d: the block does not work as written (an exit code other than 0 says so: # exits N: why)\n%s",
		c.where, c.text, code, out[start:i]), true
}

// linkClusterctl puts every installed clusterctl into bin/ of the copy, as make
// install-tools leaves them, and v1.14.2 on PATH as clusterctl (the page is skipped
// without them, unless make test requires them).
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

// docsEnv is the commands' environment: offline, no credential, HOME, TMPDIR and
// caches of capirepo inside the work folder, Go's build and module caches as they are
// (for make example), clusterctl without its version check (it asks GitHub).
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
		"XDG_CACHE_HOME=" + filepath.Join(work, "home", ".cache"), "TMPDIR=" + filepath.Join(work, "tmp"),
		"GOCACHE=" + goenv[0], "GOMODCACHE=" + goenv[1], "GOPROXY=off", "GOFLAGS=-mod=readonly", "GOTOOLCHAIN=local",
		"CLUSTERCTL_DISABLE_VERSIONCHECK=true", "KUBECONFIG=" + filepath.Join(work, "no-kubeconfig"),
	}
}
