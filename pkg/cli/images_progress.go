package cli

import (
	"fmt"
	"io"
	"sync"

	"github.com/capirepo/capirepo/pkg/images"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// copyProgress shows an image copy: one line per image as soon as it is copied (on
// a terminal or not, so a CI log shows each image when it is done), and on a terminal
// also a status bar of its blobs on stderr (count, bytes, rate), cleared before each
// line.
type copyProgress struct {
	bar   *statusBar // nil: no terminal, or -o json
	lines io.Writer  // where each image's line goes
	mu    sync.Mutex
}

// event is images.Copier.Progress; oras calls it from several goroutines.
func (p *copyProgress) event(image string, d ocispec.Descriptor, skipped bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n, verb := d.Size, "copied"
	if skipped {
		n, verb = 0, "already there"
	}
	p.bar.add(n, verb+": "+image)
}

// finished is images.Copier.Finished: the image's line, written at once (stdout and
// stderr are unbuffered files), after clearing the status bar.
func (p *copyProgress) finished(d images.Copied) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bar.clear()
	fmt.Fprintf(p.lines, "copied %s -> %s (%s)\n", d.Source, d.Dest, d.Digest)
}

// end removes the status bar.
func (p *copyProgress) end() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bar.finish()
}
