//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/fifo"
)

// fifoCase is one reader given a named pipe: setup returns the pipe and the command.
type fifoCase struct {
	code  int
	setup func(t *testing.T) (pipe string, args []string)
}

func fifoCases() map[string]fifoCase {
	build := func(rel string) func(t *testing.T) (string, []string) {
		return func(t *testing.T) (string, []string) {
			dir := sampleTree(t, func(f map[string]string) {
				f["capirepo.yaml"] += "  templates:\n  - path: templates/cluster-template.yaml\n"
				f["templates/cluster-template.yaml"] = "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n"
			})
			pipe := fifo.Make(t, filepath.Join(dir, filepath.FromSlash(rel)))
			return pipe, []string{"build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", filepath.Join(dir, "dist")}
		}
	}
	inDist := func(cmd ...string) func(t *testing.T) (string, []string) {
		return func(t *testing.T) (string, []string) {
			dist := builtTiny(t)
			pipe := fifo.Make(t, filepath.Join(dist, "bootstrap-tiny", "v1.0.0", "metadata.yaml"))
			return pipe, append(cmd, dist)
		}
	}
	return map[string]fifoCase{
		"build capirepo.yaml":  {ExitUsage, build("capirepo.yaml")},
		"build metadata.yaml":  {ExitInput, build("metadata.yaml")},
		"build template":       {ExitInput, build("templates/cluster-template.yaml")},
		"build kustomization":  {ExitInput, build("config/kustomization.yaml")},
		"build resource":       {ExitInput, build("config/all.yaml")},
		"lint a release":       {ExitInput, inDist("lint")},
		"verify a repository":  {ExitInput, inDist("verify")},
		"publish local --from": {ExitInput, inDist("publish", "local", "--to", "", "--from")},
		"lint a pipe": {ExitInput, func(t *testing.T) (string, []string) {
			pipe := fifo.Make(t, filepath.Join(t.TempDir(), "infrastructure-components.yaml"))
			return pipe, []string{"lint", pipe}
		}},
		"init kustomization": {ExitInput, func(t *testing.T) (string, []string) {
			dir := initTree(t)
			pipe := fifo.Make(t, filepath.Join(dir, "config", "kustomization.yaml"))
			return pipe, []string{"init", dir}
		}},
		"mirror --from-config": {ExitUsage, func(t *testing.T) (string, []string) {
			pipe := fifo.Make(t, filepath.Join(t.TempDir(), "clusterctl.yaml"))
			return pipe, mirrorArgs(t.TempDir(), pipe)
		}},
		"mirror a local source": {ExitPublish, func(t *testing.T) (string, []string) {
			root := localRepo(t, keep)
			pipe := fifo.Make(t, filepath.Join(root, "bootstrap-tiny", "v1.0.0", "metadata.yaml"))
			return pipe, mirrorArgs(filepath.Join(t.TempDir(), "out"), mirrorFrom(t, root))
		}},
	}
}

// TestEveryReaderRefusesANamedPipe: each command given a named pipe where it reads a
// file ends within fifo.Deadline with its exit code and one error naming the pipe.
func TestEveryReaderRefusesANamedPipe(t *testing.T) {
	t.Parallel()
	for name, c := range fifoCases() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			pipe, args := c.setup(t)
			for i, a := range args {
				if a == "" && i > 0 && args[i-1] == "--to" {
					args[i] = t.TempDir()
				}
			}
			var code int
			var stdout, stderr string
			fifo.Within(t, func() { code, stdout, stderr = runEnv(t, nil, args...) }, pipe)
			named := filepath.Join(filepath.Base(filepath.Dir(pipe)), filepath.Base(pipe)) // init names files from its root
			if code != c.code || !strings.Contains(stderr, named) || !strings.Contains(stdout+stderr, "named pipe") {
				t.Errorf("%v: exit %d, want %d and a message naming %s as a named pipe\n%s%s", args, code, c.code, pipe, stdout, stderr)
			}
		})
	}
}

// TestInitNamesANamedPipeItDidNotOpen: init of a tree whose Makefile is a named pipe
// writes its config at once and names the pipe in it.
func TestInitNamesANamedPipeItDidNotOpen(t *testing.T) {
	t.Parallel()
	dir := initTree(t)
	pipe := fifo.Make(t, filepath.Join(dir, "Makefile"))
	var code int
	var stderr string
	fifo.Within(t, func() { code, _, stderr = runEnv(t, nil, "init", dir) }, pipe)
	cfg, _ := os.ReadFile(filepath.Join(dir, "capirepo.yaml"))
	if code != ExitQuestions || !strings.Contains(string(cfg), "# Makefile was not read (not a regular file: a named pipe (FIFO)") {
		t.Errorf("exit %d (%s); the config does not name the Makefile pipe:\n%s", code, stderr, cfg)
	}
}
