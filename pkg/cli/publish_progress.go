package cli

import (
	"context"
	"fmt"
	"sync"

	"github.com/capirepo/capirepo/pkg/publish"
)

// publishBar is publish's upload progress on a terminal: a status bar toward the
// bytes the run writes (the total is known once the plan is), drawn as each file is
// uploaded. nil off a terminal and with -o json.
type publishBar struct {
	io   streams
	mu   sync.Mutex
	bar  *statusBar
	done bool
}

func uploadBar(io streams, show bool) *publishBar {
	if !show || !io.isTerminal(io.err) {
		return nil
	}
	return &publishBar{io: io}
}

// context is ctx with the bar as the run's progress (ctx itself for nil).
func (b *publishBar) context(ctx context.Context) context.Context {
	if b == nil {
		return ctx
	}
	return publish.WithProgress(ctx, b.uploaded)
}

// uploaded draws one file done; the bar is made at the first, when the total is known.
func (b *publishBar) uploaded(file string, done, total int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.done {
		return
	}
	if b.bar == nil {
		b.bar = newBar(b.io, true, "files", total)
	}
	b.bar.items++
	_ = b.bar.bar.Set64(done)
	b.bar.bar.Describe(fmt.Sprintf("%d %s: uploaded %s", b.bar.items, b.bar.what, file))
}

// finish removes the bar before the report is printed.
func (b *publishBar) finish() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done = true
	b.bar.finish()
}
