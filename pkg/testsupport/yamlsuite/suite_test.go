package yamlsuite

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMainOnACorpus: on a small corpus in the data branch's layout, the run compares
// every reader, reports where Split differs from clusterctl (a "--- |" separator it
// reads, clusterctl refuses) and finds no disagreement in what lint reports.
func TestMainOnACorpus(t *testing.T) {
	dir := t.TempDir()
	for id, text := range map[string]string{"AGRE": "a: 1\n", "SEP1/00": "--- |\n  x\n", "DUPK": "a: 1\na: 2\n", "BOOL": "metadata:\n  labels:\n    a: yes\n"} {
		p := filepath.Join(dir, filepath.FromSlash(id), "in.yaml")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut bytes.Buffer
	if code := Main([]string{dir}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errOut.String())
	}
	for _, want := range []string{"split | raw | verdict: clusterctl fails (invalid Yaml document separator), this reader reads it  (e.g. SEP1/00)", "4 cases, 4 placements", "0 disagreements in what lint reports"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
}

// TestDiffersFlagsLint: a lint reader that misses clusterctl's failure, or names
// another line, is a disagreement that fails the run.
func TestDiffersFlagsLint(t *testing.T) {
	want := reading{failed: true, msg: "document 1: found unknown escape character", line: 3}
	if k := differs(reading{}, want, true); !strings.HasPrefix(k, "verdict: clusterctl fails") {
		t.Errorf("missed failure: %q", k)
	}
	if k := differs(reading{failed: true, line: 2}, want, true); !strings.HasPrefix(k, "line:") {
		t.Errorf("other line: %q", k)
	}
	tl := &tally{classes: map[string]*class{}, out: &bytes.Buffer{}}
	tl.add("lint-template | raw | x", "X", true)
	if tl.report(1) != 1 {
		t.Error("a lint disagreement must fail the run")
	}
}
