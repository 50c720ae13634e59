package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plant writes what a dead run left beside a file of dir: capirepo's staged copies,
// cut short, and another tool's temporary file, which must stay.
func plant(t *testing.T, dir, base string) (other string) {
	t.Helper()
	for _, name := range []string{"." + base + ".capirepo-tmp-abcdefghij", "." + base + ".tmp-klmnopqrst"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("providers:\n- na"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	other = filepath.Join(dir, ".notes.txt.tmp-abcdefghij")
	if err := os.WriteFile(other, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return other
}

// checkCleaned fails when a staged copy of base is left in dir or other is gone,
// and when base differs from the clean run's.
func checkCleaned(t *testing.T, dir, base, other, clean string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "."+base+".") {
			t.Errorf("the run left %s, staged by a dead run", e.Name())
		}
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("the run removed another tool's file: %v", err)
	}
	got, err := os.ReadFile(filepath.Join(dir, base))
	if err != nil || string(got) != clean {
		t.Errorf("%s differs from a clean run's (%v):\n%s\nwant:\n%s", base, err, got, clean)
	}
}

// tinyTree is initTree in a folder named tiny (init names the provider after it).
func tinyTree(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tiny")
	if err := os.Rename(initTree(t), dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestInitRemovesDeadRunsStaging(t *testing.T) {
	t.Parallel()
	cleanDir := tinyTree(t)
	if code, _, stderr := runEnv(t, nil, "init", cleanDir); code != ExitQuestions { // offline: nothing proves the scripted values
		t.Fatalf("clean init: exit %d %s", code, stderr)
	}
	clean, _ := os.ReadFile(filepath.Join(cleanDir, "capirepo.yaml"))
	dir := tinyTree(t)
	other := plant(t, dir, "capirepo.yaml")
	if code, _, stderr := runEnv(t, nil, "init", dir); code != ExitQuestions {
		t.Fatalf("init after a dead run: exit %d %s", code, stderr)
	}
	checkCleaned(t, dir, "capirepo.yaml", other, string(clean))
}

func TestAddSeriesRemovesDeadRunsStaging(t *testing.T) {
	t.Parallel()
	args := []string{"metadata", "add-series", "--version", "v1.1.0", "--contract", "v1beta1", "--file"}
	cleanDir := sampleTree(t, nil)
	if code, _, stderr := run(t, append(args, filepath.Join(cleanDir, "metadata.yaml"))...); code != ExitOK {
		t.Fatalf("clean add-series: exit %d %s", code, stderr)
	}
	clean, _ := os.ReadFile(filepath.Join(cleanDir, "metadata.yaml"))
	dir := sampleTree(t, nil)
	other := plant(t, dir, "metadata.yaml")
	if code, _, stderr := run(t, append(args, filepath.Join(dir, "metadata.yaml"))...); code != ExitOK {
		t.Fatalf("add-series after a dead run: exit %d %s", code, stderr)
	}
	checkCleaned(t, dir, "metadata.yaml", other, string(clean))
}
