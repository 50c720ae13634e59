package configmap

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// The runs of the leftover and kill tests: what is in the folder first, then what
// the next run writes (a new version: a ConfigMap file and a new provider object).
func firstRun() []*release.Release {
	return []*release.Release{rel(layout.InfrastructureProvider, "sample", "v1.2.0", small("sample-system"))}
}

func secondRun() []*release.Release {
	return append(firstRun(), rel(layout.InfrastructureProvider, "sample", "v1.3.0", small("sample-system")+"# v1.3.0\n"))
}

// readTree maps every entry of dir (hidden ones too) to its content.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = string(data)
	}
	return out
}

// cleanRun is the folder both runs give without any interruption.
func cleanRun(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	mustPublishTo(t, dir, firstRun()...)
	mustPublishTo(t, dir, secondRun()...)
	return readTree(t, dir)
}

func mustPublishTo(t *testing.T, dir string, rels ...*release.Release) {
	t.Helper()
	if err := publishTo(dir, "", false, rels...); err != nil {
		t.Fatal(err)
	}
}

// sameFolder names every entry whose presence or content differs.
func sameFolder(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	names := map[string]bool{}
	for n := range got {
		names[n] = true
	}
	for n := range want {
		names[n] = true
	}
	for n := range names {
		g, inGot := got[n]
		w, inWant := want[n]
		if inGot != inWant || g != w {
			t.Errorf("%s: %s differs from a clean run's (here: %v, in the clean run: %v)", what, n, inGot, inWant)
		}
	}
}

func TestNextRunRemovesDeadRunsStaging(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	mustPublishTo(t, dir, firstRun()...)
	cm := configMapFile(mustNew(t, secondRun()[1], "sample-system"))
	planted := map[string]string{
		"." + cm + ".capirepo-tmp-abcdefghij":                             "apiVersion: v1\nkind: Conf", // a file cut by the kill
		".20-provider-infrastructure-sample.yaml.capirepo-old-abcdefghij": "old\n",
		".00-namespace-sample-system.yaml.capirepo-tmp-klmnopqrst":        "",
	}
	for name, body := range planted {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	other := ".notes.yaml.tmp-abcdefghij" // another tool's temporary file: left alone
	if err := os.WriteFile(filepath.Join(dir, other), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustPublishTo(t, dir, secondRun()...)
	got := readTree(t, dir)
	if got[other] != "x\n" {
		t.Errorf("the run removed another tool's %s", other)
	}
	delete(got, other)
	sameFolder(t, "after planted leftovers", got, cleanRun(t))
}

func TestSecondWriterWaitsForTheLock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	unlock, err := fsx.Lock(t.Context(), dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel() // the holder never lets go within this run's bound
	before := readTree(t, dir)
	d := &Dest{Dir: dir}
	_, err = publish.Publish(ctx, &release.Set{Releases: firstRun()}, d, publish.Policy{})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), fsx.LockFile) {
		t.Errorf("publish while locked = %v, want a context error naming %s", err, fsx.LockFile)
	}
	sameFolder(t, "while locked", readTree(t, dir), before)

	done := make(chan error, 1)
	go func() {
		_, err := publish.Publish(t.Context(), &release.Set{Releases: firstRun()}, d, publish.Policy{})
		done <- err
	}()
	unlock()
	if err := <-done; err != nil {
		t.Errorf("publish after the holder unlocked: %v", err)
	}
}
