package cli

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// errClass is one row of the exit-code table (docs/exit-codes.md).
type errClass string

const (
	classUsage     errClass = "usage"
	classFindings  errClass = "findings"
	classInput     errClass = "input"
	classRemote    errClass = "remote"
	classConflict  errClass = "conflict"
	classInterrupt errClass = "interrupt"
	classQuestions errClass = "questions"
)

// exitClass is a class and its code; only names the one command a command-specific
// class applies to (init's questions), "" for every command.
type exitClass struct {
	class errClass
	code  int
	only  string
}

// classes and their codes, as docs/exit-codes.md states them (TestExitDocsAgree).
var classes = []exitClass{
	{classUsage, ExitUsage, ""}, {classFindings, ExitFindings, ""}, {classInput, ExitInput, ""},
	{classRemote, ExitPublish, ""}, {classConflict, ExitConflict, ""}, {classInterrupt, ExitInterrupted, ""},
	{classQuestions, ExitQuestions, "init"},
}

// stage is what a scenario may use: its environment and its context.
type stage struct {
	t      *testing.T
	env    map[string]string
	ctx    context.Context
	cancel context.CancelFunc
	open   atomic.Int32 // requests the hanging server still holds
}

// interruptNow cancels the context before the command starts (local commands).
func (s *stage) interruptNow() { s.cancel() }

// hangingServer cancels the run's context on its first request and then never
// answers: a Ctrl-C while the command waits for a remote.
func (s *stage) hangingServer() string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.open.Add(1)
		defer s.open.Add(-1)
		s.cancel()
		select {
		case <-r.Context().Done():
		case <-time.After(20 * time.Second):
		}
	}))
	s.t.Cleanup(srv.Close)
	return srv.URL
}

// scenario sets up one command in one error class and returns its arguments.
type scenario func(s *stage) []string

// exitRow is one command of the table. Every class has a scenario or a reason why
// it does not apply (na). Adding a command = adding one row to exitRows.
type exitRow struct {
	cmd     string // command path below capirepo, e.g. "publish local"
	cases   map[errClass]scenario
	na      map[errClass]string
	pending map[errClass]string // known wrong today, skipped with the owner's name: remove when fixed
}

func TestExitCodeTable(t *testing.T) {
	t.Parallel()
	for _, row := range exitRows() {
		for _, c := range classes {
			if c.only != "" && c.only != row.cmd {
				continue
			}
			sc, reason := row.cases[c.class], row.na[c.class]
			if (sc == nil) == (reason == "") {
				t.Errorf("%s/%s: give either a scenario or a reason it does not apply", row.cmd, c.class)
				continue
			}
			if sc == nil {
				continue
			}
			t.Run(strings.ReplaceAll(row.cmd, " ", "-")+"/"+string(c.class), func(t *testing.T) {
				t.Parallel()
				if why := row.pending[c.class]; why != "" {
					t.Skip("pending: " + why)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				st := &stage{t: t, env: map[string]string{}, ctx: ctx, cancel: cancel}
				args := sc(st)
				if !strings.HasPrefix(strings.Join(args, " "), row.cmd) {
					t.Fatalf("scenario runs %q, not %q", args, row.cmd)
				}
				var out, errOut bytes.Buffer
				code := Run(st.ctx, args, Env{Getenv: MapEnv(st.env), Stdout: &out, Stderr: &errOut})
				st.requestsEnd()
				if code != c.code {
					t.Fatalf("capirepo %s: exit %d, want %d (%s)\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, c.code, c.class, out.String(), errOut.String())
				}
			})
		}
	}
}

// TestExitTableCoversEveryCommand fails when a command has no row, and runs every
// command of the tree with an unknown flag and every group with an unknown subcommand.
func TestExitTableCoversEveryCommand(t *testing.T) {
	t.Parallel()
	rows := map[string]bool{}
	for _, r := range exitRows() {
		rows[r.cmd] = true
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		path := strings.TrimPrefix(strings.TrimPrefix(c.CommandPath(), "capirepo"), " ")
		args := append(strings.Fields(path), "--no-such-flag")
		if c.HasSubCommands() {
			args = append(strings.Fields(path), "no-such-command")
		}
		if code, _, stderr := runEnv(t, nil, args...); code != ExitUsage || !strings.Contains(stderr, " --help)") {
			t.Errorf("capirepo %s: exit %d, want %d with a usage hint\n%s", strings.Join(args, " "), code, ExitUsage, stderr)
		}
		if c.Runnable() && !rows[path] {
			t.Errorf("command %q has no row in exitRows", path)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(Env{}.streams()))
}

// tinyConfig writes the tiny provider tree and returns its capirepo.yaml.
func tinyConfig(t *testing.T, edit func(map[string]string)) string {
	return filepath.Join(sampleTree(t, edit), "capirepo.yaml")
}

// badImage makes the tiny provider break the contract: an image clusterctl cannot
// parse ("repository name must be canonical").
func badImage(f map[string]string) {
	f["config/all.yaml"] = strings.Replace(f["config/all.yaml"], "image: registry.example.com/tiny:v1", "image: tiny:v1", 1)
}

// brokenKustomization makes the tiny provider unrenderable.
func brokenKustomization(f map[string]string) { f["config/kustomization.yaml"] = "resources: [\n" }

// localRepo publishes the tiny v1.0.0 (edited) into a new local repository root.
func localRepo(t *testing.T, edit func(map[string]string)) string {
	t.Helper()
	root := t.TempDir()
	dist := buildTinyWith(t, edit)
	if code, _, stderr := run(t, "publish", "local", "--from", dist, "--to", root); code != ExitOK {
		t.Fatalf("publish local: %s", stderr)
	}
	return root
}

func missing(t *testing.T) string { return filepath.Join(t.TempDir(), "missing") }

func keep(map[string]string) {}

// mirrorFrom writes a clusterctl.yaml naming the tiny provider in a local repository.
func mirrorFrom(t *testing.T, root string) string {
	url := filepath.Join(root, "bootstrap-tiny", "latest", "bootstrap-components.yaml")
	return writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
		"providers:\n- {name: tiny, type: BootstrapProvider, url: \""+url+"\"}\n")
}

func mirrorArgs(out, from string) []string {
	return []string{"mirror", "--out", out, "--from-config", from, "--bootstrap", "tiny:v1.0.0", "--cert-manager", "", "--quiet"}
}

func writeBytes(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// remoteTinyConfig is the tiny provider with a pinned remote resource on a server that
// cancels the run on its first request: a Ctrl-C in the middle of rendering.
func (s *stage) remoteTinyConfig() string {
	url := s.hangingServer() + "/crds.yaml"
	s.env["XDG_CACHE_HOME"] = s.t.TempDir()
	return tinyConfig(s.t, func(f map[string]string) {
		f["capirepo.yaml"] += "remoteResources:\n- {url: " + url + ", sha256: " + strings.Repeat("0", 64) + "}\n"
		f["config/kustomization.yaml"] = "namespace: tiny-system\nresources:\n- all.yaml\n- " + url + "\n"
	})
}

// requestsEnd fails when a request to the hanging server outlives the command by
// seconds: that request ignores the interrupt.
func (s *stage) requestsEnd() {
	for deadline := time.Now().Add(5 * time.Second); s.open.Load() > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			s.t.Errorf("a request is still open 5 s after the command returned: it ignores the interrupt")
			return
		}
	}
}

// movedRepo is a local repository of the tiny provider moved to another folder after
// publish local wrote its clusterctl.yaml; with label, its configuration also names a
// provider whose files no folder holds.
func movedRepo(t *testing.T, label string) string {
	t.Helper()
	from := localRepo(t, keep)
	to := filepath.Join(t.TempDir(), "moved")
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
	if label != "" {
		cfg := filepath.Join(to, "clusterctl.yaml")
		writeText(t, cfg, readFile(t, cfg)+"  - {name: other, type: BootstrapProvider, url: \"file://"+from+"/"+label+"/v1.0.0/bootstrap-components.yaml\"}\n")
	}
	return to
}
