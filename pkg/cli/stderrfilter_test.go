package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestForwardDropsKustomizeDeprecations(t *testing.T) {
	t.Parallel()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	done := make(chan struct{})
	go forward(r, out, done)
	w.WriteString("# Warning: 'commonLabels' is deprecated. Please use 'labels' instead.\nwell-defined vars that were never replaced: X\n# Warning: 'bases' is deprecated.\n")
	w.Close()
	<-done
	got, _ := os.ReadFile(out.Name())
	if string(got) != "well-defined vars that were never replaced: X\n" {
		t.Fatalf("forwarded %q", got)
	}
}

// The filter forwards every line but kustomize's deprecation warnings, whatever its
// length: a line past the scanner's old 1 MiB limit stopped all later output.
func TestStderrFilterForwardsLongLines(t *testing.T) {
	t.Parallel()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go forward(r, outW, done)
	long := strings.Repeat("x", 2<<20)
	go func() {
		io.WriteString(w, "# Warning: 'bases' is deprecated.\n"+long+"\nafter\nno newline")
		w.Close()
	}()
	got := make(chan string)
	go func() { b, _ := io.ReadAll(outR); got <- string(b) }()
	<-done
	outW.Close()
	if want := long + "\nafter\nno newline"; <-got != want {
		t.Errorf("forwarded output differs from the input without the warning line")
	}
}
