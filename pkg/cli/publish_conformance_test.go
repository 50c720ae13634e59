package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A destination is one entry of the publishing conformance suite: every scenario
// below runs against every entry, through the command line. A new backend passes
// the suite by adding ONE entry to conformanceDestinations (publish_destinations_test.go).
type destination struct {
	name  string
	start func(t *testing.T) *target // a fresh, empty destination
}

// target is one started destination.
type target struct {
	args    []string          // the publish command and its destination flags, without --from
	env     map[string]string // the environment the command sees (tokens)
	replace string            // the flag that allows replacing: "--replace" or "--force"
	secret  string            // a credential that must never appear in any output ("" = none)
	// held is everything the destination holds, as "<version>/<file>" → sha256 of
	// what a consumer gets; duplicates, drafts and leftovers get keys of their own
	// ("<version>/<file> copies", "<version> drafts", "leftover <name>"), so that
	// comparing with wantHeld() shows a missing, duplicate or stray file.
	held func(t *testing.T) map[string]string
	// interrupt arms an interruption: it calls cancel once the run is under way (in
	// the middle of an upload where the destination has one) and returns a function
	// that undoes whatever it set up.
	interrupt func(t *testing.T, cancel context.CancelFunc) (undo func())
	// fault arms transient faults (lost answers, a dead run's leftovers) for the next run.
	fault func(t *testing.T)
	// step is passed to the run as Env.LocalStep (set by interrupt where the
	// destination cuts in between its file writes; nil otherwise).
	step func(what string)
}

// run publishes dist with extra flags and checks that no credential is shown.
func (tg *target) run(t *testing.T, ctx context.Context, dist string, extra ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	args := append(append(append([]string(nil), tg.args...), "--from", dist), extra...)
	code := Run(ctx, args, Env{Getenv: MapEnv(tg.env), Stdout: &out, Stderr: &errOut, LocalStep: tg.step})
	if tg.secret != "" {
		noSecret(t, tg.secret, out.String(), errOut.String())
	}
	return code, out.String(), errOut.String()
}

// must runs and fails unless the exit code is want.
func (tg *target) must(t *testing.T, want int, dist string, extra ...string) string {
	t.Helper()
	code, stdout, stderr := tg.run(t, context.Background(), dist, extra...)
	if code != want {
		t.Fatalf("%v %v: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", tg.args, extra, code, want, stdout, stderr)
	}
	return stdout + stderr
}

func TestPublishConformance(t *testing.T) {
	t.Parallel()
	d := newDists(t)
	for _, dest := range conformanceDestinations {
		for _, sc := range conformanceScenarios {
			t.Run(dest.name+"/"+sc.name, func(t *testing.T) {
				t.Parallel()
				sc.run(t, dest.start(t), d)
			})
		}
	}
}

var conformanceScenarios = []struct {
	name string
	run  func(t *testing.T, tg *target, d *dists)
}{
	{"publish then re-run is a no-op", func(t *testing.T, tg *target, d *dists) {
		tg.must(t, ExitOK, d.both)
		sameHeld(t, tg.held(t), wantHeld(t, d.both))
		out := tg.must(t, ExitOK, d.both)
		sameHeld(t, tg.held(t), wantHeld(t, d.both))
		if !strings.Contains(out, " 0 written, 0 replaced, 4 skipped, 0 refused") {
			t.Errorf("re-run did not report every file skipped:\n%s", out)
		}
	}},
	{"a conflict in the second version changes nothing, then replace", func(t *testing.T, tg *target, d *dists) {
		tg.must(t, ExitOK, d.second)
		before := tg.held(t)
		out := tg.must(t, ExitConflict, d.changed)
		sameHeld(t, tg.held(t), before)
		if !strings.Contains(out, "v1.1.0") || !strings.Contains(out, tg.replace) {
			t.Errorf("the refusal does not name the version and %s:\n%s", tg.replace, out)
		}
		tg.must(t, ExitOK, d.changed, tg.replace)
		sameHeld(t, tg.held(t), wantHeld(t, d.changed))
		tg.must(t, ExitOK, d.changed)
		sameHeld(t, tg.held(t), wantHeld(t, d.changed))
	}},
	{"dry run prints the plan and writes nothing", func(t *testing.T, tg *target, d *dists) {
		before := tg.held(t)
		out := tg.must(t, ExitOK, d.both, "--dry-run")
		sameHeld(t, tg.held(t), before)
		if !strings.Contains(out, "planned") || !strings.Contains(out, " 0 written, 0 replaced, 0 skipped, 0 refused, 4 planned") {
			t.Errorf("dry run output lacks the plan:\n%s", out)
		}
	}},
	{"interrupted mid-run exits 130, a re-run finishes", func(t *testing.T, tg *target, d *dists) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		undo := tg.interrupt(t, cancel)
		code, stdout, stderr := tg.run(t, ctx, d.both)
		undo()
		if code != ExitInterrupted {
			t.Fatalf("interrupted run: exit %d, want %d\n%s%s", code, ExitInterrupted, stdout, stderr)
		}
		tg.must(t, ExitOK, d.both)
		sameHeld(t, tg.held(t), wantHeld(t, d.both))
	}},
	{"after injected faults a re-run finishes with no duplicate and no missing file", func(t *testing.T, tg *target, d *dists) {
		tg.fault(t)
		tg.run(t, context.Background(), d.both) // may fail: the faults are the point
		tg.must(t, ExitOK, d.both)
		sameHeld(t, tg.held(t), wantHeld(t, d.both))
	}},
}

// dists are the build outputs the scenarios publish: v1.0.0 and v1.1.0 of the tiny
// provider, v1.1.0 alone, and both with v1.1.0's components changed.
type dists struct{ both, second, changed string }

func newDists(t *testing.T) *dists {
	v10 := buildTinyVersion(t, "v1.0.0", nil)
	v11 := buildTinyVersion(t, "v1.1.0", nil)
	v11c := buildTinyVersion(t, "v1.1.0", newImage)
	return &dists{both: mergeDists(t, v10, v11), second: v11, changed: mergeDists(t, v10, v11c)}
}

// buildTinyVersion builds one version of the tiny provider (metadata lists 1.0 and 1.1).
func buildTinyVersion(t *testing.T, version string, edit func(map[string]string)) string {
	t.Helper()
	dir := sampleTree(t, func(f map[string]string) {
		f["metadata.yaml"] += "- {major: 1, minor: 1, contract: v1beta1}\n"
		if edit != nil {
			edit(f)
		}
	})
	out := filepath.Join(dir, "dist")
	if code, _, stderr := runEnv(t, nil, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", version, "--out", out); code != 0 {
		t.Fatalf("build %s: %s", version, stderr)
	}
	return out
}

// mergeDists copies the version folders of more into a copy of base.
func mergeDists(t *testing.T, base string, more ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "dist")
	if err := os.CopyFS(out, os.DirFS(base)); err != nil {
		t.Fatal(err)
	}
	for _, src := range more {
		versions, _ := filepath.Glob(filepath.Join(src, "bootstrap-tiny", "v*"))
		for _, v := range versions {
			if err := os.CopyFS(filepath.Join(out, "bootstrap-tiny", filepath.Base(v)), os.DirFS(v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// wantHeld is what a destination should hold after publishing dist.
func wantHeld(t *testing.T, dist string) map[string]string {
	t.Helper()
	out := map[string]string{}
	versions, _ := filepath.Glob(filepath.Join(dist, "bootstrap-tiny", "v*"))
	for _, v := range versions {
		files, _ := filepath.Glob(filepath.Join(v, "*"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out[filepath.Base(v)+"/"+filepath.Base(f)] = sum(data)
		}
	}
	return out
}

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func sameHeld(t *testing.T, got, want map[string]string) {
	t.Helper()
	if !maps.Equal(got, want) {
		t.Errorf("the destination holds\n%v\nwant\n%v", got, want)
	}
}
