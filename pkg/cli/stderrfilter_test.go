package cli

import (
	"os"
	"path/filepath"
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
