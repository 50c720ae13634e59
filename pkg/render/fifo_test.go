//go:build linux

package render

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// A resource that is not a regular file (a FIFO, a device) is refused before it is
// read: reading one could block or never end. The writer below feeds the FIFO to
// whoever reads it, so without the check the test fails instead of hanging.
func TestScreenRefusesNonRegularFiles(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{"kustomization.yaml": "resources: [pipe.yaml]\n"})
	pipe := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan struct{})
	go func() { // feeds every reader until the test ends
		for {
			w, err := os.OpenFile(pipe, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			w.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n")
			w.Close()
			select {
			case <-done:
				return
			default:
			}
		}
	}()
	t.Cleanup(func() { // release the writer waiting for a reader
		close(done)
		if r, err := os.OpenFile(pipe, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			r.Close()
		}
	})
	_, err := Kustomize(Options{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), pipe+" is not a regular file") {
		t.Fatalf("err = %v, want the FIFO refused by name", err)
	}
}
