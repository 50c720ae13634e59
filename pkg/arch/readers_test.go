package arch

import (
	"strings"
	"testing"
)

// openFuncs are the standard library's functions that open a file to read it.
func openFuncs() map[string][]string {
	return map[string][]string{
		"os":        {"ReadFile", "Open", "OpenFile"},
		"io/ioutil": {"ReadFile"},
		"io/fs":     {"ReadFile"},
	}
}

// readerExempt are the packages that may open files themselves: pkg/fsx (whose
// Open is the one reader), test support and the benchmark's helper processes.
func readerExempt(path string) bool {
	return path == "pkg/fsx" || strings.HasPrefix(path, "pkg/testsupport/") || strings.HasPrefix(path, "cmd/capirepo/internal/")
}

// Every reader opens files through fsx.Open (fsx.ReadFile, fsx.ReadCapped), which
// never opens a named pipe, socket or device: a pipe among the inputs would block
// the run forever.
func TestReadersGoThroughFsx(t *testing.T) {
	m := mustLoad(t)
	for path, p := range m.pkgs {
		if readerExempt(path) {
			continue
		}
		for _, f := range p.files {
			for _, at := range callsOf(f, openFuncs()) {
				t.Errorf("%s: opens a file with the standard library; read it with fsx.Open, fsx.ReadFile or fsx.ReadCapped, which refuse special files", m.where(at))
			}
		}
	}
}
