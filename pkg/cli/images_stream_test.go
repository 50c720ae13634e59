package cli

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// TestImagesCopyStreamsEachImage: `images copy` on a non-terminal (a CI log) writes
// each image's line as soon as that image is copied. The registry holds back every
// image after the first until the test has read the line of the one before, so the
// run cannot go on, let alone end, unless each line was already written.
func TestImagesCopyStreamsEachImage(t *testing.T) {
	t.Parallel()
	src := registry.New(t)
	names := []string{"alpha", "bravo", "charlie"}
	var refs []string
	gates := map[string]*gate{}
	for i, n := range names {
		src.PushImage(t, "team/"+n+":v1", registry.Image{Layers: 1, LayerSize: 64, Platforms: []string{"linux/amd64"}})
		refs = append(refs, src.Host+"/team/"+n+":v1")
		if i > 0 {
			gates[n] = &gate{c: make(chan struct{})}
		}
	}
	src.AddFault(&registry.Fault{Match: func(r *http.Request) bool { // blocks the image's first request until its gate opens
		for n, g := range gates {
			if strings.HasPrefix(r.URL.Path, "/v2/team/"+n+"/") {
				<-g.c
			}
		}
		return false
	}})
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	code := make(chan int, 1)
	go func() {
		code <- Run(context.Background(), []string{"images", "copy", "--plain-http", "--layout", filepath.Join(t.TempDir(), "layout"), imagesDir(t, refs...)},
			Env{Stdout: pw, Stderr: &stderr})
		pw.Close()
	}()
	lines := lineReader(t, pr, func() { // on failure, let the run finish
		for _, g := range gates {
			g.open()
		}
	})
	for i, n := range names {
		line := <-lines
		if !regexp.MustCompile(`^copied ` + regexp.QuoteMeta(refs[i]) + ` -> ` + n + `:v1 \(sha256:[0-9a-f]{64}\)$`).MatchString(line) {
			t.Fatalf("line %d = %q; want the copy of %s", i+1, line, refs[i])
		}
		if i+1 < len(names) {
			gates[names[i+1]].open() // the next image may start only now
		}
	}
	if c := <-code; c != ExitOK {
		t.Fatalf("exit %d: %s", c, stderr.String())
	}
	if extra, ok := <-lines; ok {
		t.Errorf("a line after the last image: %q", extra)
	}
}

// lineReader sends r's lines as they come; a line that does not come within a minute
// (the run is stuck behind a gate the test would open only after it) fails the test,
// after release lets the run go.
func lineReader(t *testing.T, r io.Reader, release func()) <-chan string {
	raw := make(chan string)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			raw <- sc.Text()
		}
		close(raw)
	}()
	out := make(chan string)
	go func() {
		defer close(out)
		for {
			select {
			case line, ok := <-raw:
				if !ok {
					return
				}
				out <- line
			case <-time.After(time.Minute):
				release()
				t.Errorf("no line for a minute: the run holds its lines back")
				for line := range raw {
					out <- line
				}
				return
			}
		}
	}()
	return out
}

// gate holds requests until it opens.
type gate struct {
	c    chan struct{}
	once sync.Once
}

func (g *gate) open() { g.once.Do(func() { close(g.c) }) }
