package cli

import (
	"fmt"
	"sync"

	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// copyProgress draws one self-overwriting status line of an image copy on a terminal.
type copyProgress struct {
	io            streams
	mu            sync.Mutex
	copied, reuse int
	bytes         int64
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
	fmt.Fprintf(p.io.err, "\r\033[K%d blobs copied (%d bytes), %d already there: %s", p.copied, p.bytes, p.reuse, image)
}

// end clears the status line.
func (p *copyProgress) end() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.copied+p.reuse > 0 {
		fmt.Fprint(p.io.err, "\r\033[K")
	}
}
