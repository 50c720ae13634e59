package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// statusBar is the progress display of a run whose stderr is a terminal: one line
// drawn by progressbar with the running totals (items and bytes), the byte rate and
// the terminal's width, cleared before every line the run prints and at the end. A
// nil statusBar (off a terminal, -o json, --quiet) draws nothing, so what a CI log
// gets stays as it was.
type statusBar struct {
	bar   *progressbar.ProgressBar
	what  string // the items counted, e.g. "files"
	items int
}

// newStatusBar is the run's status bar, or nil when show is false or stderr is no
// terminal.
func newStatusBar(io streams, show bool, what string) *statusBar {
	return newBar(io, show, what, -1)
}

// newBar is a status bar toward max bytes (-1: not known).
func newBar(io streams, show bool, what string, max int64) *statusBar {
	if !show || !io.isTerminal(io.err) {
		return nil
	}
	bar := progressbar.NewOptions64(max, progressbar.OptionSetWriter(io.err),
		progressbar.OptionShowBytes(true), progressbar.OptionShowCount(), progressbar.OptionFullWidth(),
		progressbar.OptionSpinnerType(14), progressbar.OptionSetSpinnerChangeInterval(0), // drawn only by add: no goroutine writes after finish
		progressbar.OptionClearOnFinish(), progressbar.OptionSetRenderBlankState(false))
	return &statusBar{bar: bar, what: what}
}

// add counts one item of n bytes (0: reused, not transferred) and names it.
func (s *statusBar) add(n int64, label string) {
	if s == nil {
		return
	}
	s.items++
	_ = s.bar.Add64(n)
	s.bar.Describe(fmt.Sprintf("%d %s: %s", s.items, s.what, label)) // drawn with the new totals
}

// clear removes the line, before the run prints one of its own; the next add draws
// it again.
func (s *statusBar) clear() {
	if s != nil {
		_ = s.bar.Clear()
	}
}

// finish removes the line for good.
func (s *statusBar) finish() {
	if s != nil {
		_ = s.bar.Exit() // no draw after this
		_ = s.bar.Clear()
	}
}

// isTerminalFile reports whether w is an *os.File on a terminal (x/term: a tty, not
// any character device; /dev/null is none).
func isTerminalFile(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
