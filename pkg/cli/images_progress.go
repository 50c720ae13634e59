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
// also one self-overwriting status line of blobs on stderr, cleared before each line.
type copyProgress struct {
	io            streams
	tty           bool      // draw the status line
	lines         io.Writer // where each image's line goes
	mu            sync.Mutex
	copied, reuse int
	bytes         int64
	drawn         bool
}

// event is images.Copier.Progress; oras calls it from several goroutines.
func (p *copyProgress) event(image string, d ocispec.Descriptor, skipped bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if skipped {
		p.reuse++
	} else {
		p.copied++
		p.bytes += d.Size
	}
	if p.tty {
		fmt.Fprintf(p.io.err, "\r\033[K%d blobs copied (%d bytes), %d already there: %s", p.copied, p.bytes, p.reuse, image)
		p.drawn = true
	}
}

// finished is images.Copier.Finished: the image's line, written at once (stdout and
// stderr are unbuffered files), after clearing the status line.
func (p *copyProgress) finished(d images.Copied) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	fmt.Fprintf(p.lines, "copied %s -> %s (%s)\n", d.Source, d.Dest, d.Digest)
}

// end clears the status line.
func (p *copyProgress) end() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}

func (p *copyProgress) clear() {
	if p.drawn {
		fmt.Fprint(p.io.err, "\r\033[K")
		p.drawn = false
	}
}
