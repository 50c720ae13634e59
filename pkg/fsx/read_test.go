//go:build unix

package fsx

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/fifo"
)

func TestReadersRefuseANamedPipe(t *testing.T) {
	dir := t.TempDir()
	pipe := fifo.Make(t, filepath.Join(dir, "metadata.yaml"))
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(pipe, link); err != nil {
		t.Fatal(err)
	}
	readers := map[string]func(string) error{
		"ReadFile":   func(p string) error { _, err := ReadFile(p); return err },
		"ReadCapped": func(p string) error { _, err := ReadCapped(p, 10); return err },
		"Open": func(p string) error {
			f, err := Open(p)
			if f != nil {
				f.Close()
			}
			return err
		},
	}
	for name, read := range readers {
		for _, p := range []string{pipe, link} {
			var err error
			fifo.Within(t, func() { err = read(p) }, pipe)
			if !errors.Is(err, ErrSpecial) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "named pipe") {
				t.Errorf("%s(%s): %v; want a refusal naming the file and the pipe", name, p, err)
			}
		}
	}
}

func TestReadCappedNamesTheFileAndTheCap(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(p, []byte("0123456789A"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadCapped(p, 10); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "10 bytes") {
		t.Errorf("err %v, want one naming %s and the cap", err, p)
	}
	if data, err := ReadCapped(p, 11); err != nil || string(data) != "0123456789A" {
		t.Errorf("at the cap: %q %v", data, err)
	}
	if data, err := ReadFile(p); err != nil || len(data) != 11 {
		t.Errorf("ReadFile: %q %v", data, err)
	}
}
