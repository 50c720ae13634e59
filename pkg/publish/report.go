package publish

import (
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/capirepo/capirepo/pkg/release"
)

// Actions a publisher reports per file or version.
const (
	Written  = "written"  // new content published
	Replaced = "replaced" // different content replaced (--force / --replace)
	Skipped  = "skipped"  // identical content already there
	Refused  = "refused"  // different content already there, not replaced
	Planned  = "planned"  // dry run: would be written or replaced
	Pending  = "pending"  // planned, but the run stopped before it was done
)

// Outcome is what a publisher did with one file of one release.
type Outcome struct {
	Release string `json:"release"` // "infrastructure-aws v1.2.3"
	File    string `json:"file"`
	Action  string `json:"action"`
	Detail  string `json:"detail,omitempty"`
}

// Report is a publisher's summary, printed by the CLI as text or JSON.
type Report struct {
	Destination string    `json:"destination"`
	Actions     []Outcome `json:"actions"`
	Notes       []string  `json:"notes,omitempty"` // e.g. the clusterctl providers: entry to use
}

// Add appends an action.
func (r *Report) Add(rel, file, action, detail string) {
	r.Actions = append(r.Actions, Outcome{rel, file, action, detail})
}

// Count returns how many actions have the given kind.
func (r *Report) Count(action string) int {
	n := 0
	for _, a := range r.Actions {
		if a.Action == action {
			n++
		}
	}
	return n
}

// WriteText prints one line per action and a summary line.
func (r *Report) WriteText(w io.Writer) {
	acts := append([]Outcome(nil), r.Actions...)
	sort.SliceStable(acts, func(i, j int) bool { return release.NameLess(acts[i].Release, acts[j].Release) })
	for _, a := range acts {
		line := fmt.Sprintf("%-9s %s %s", a.Action, a.Release, a.File)
		if a.Detail != "" {
			line += " (" + a.Detail + ")"
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "%s: %d written, %d replaced, %d skipped, %d refused", r.Destination,
		r.Count(Written), r.Count(Replaced), r.Count(Skipped), r.Count(Refused))
	for _, k := range []string{Planned, Pending} {
		if n := r.Count(k); n > 0 {
			fmt.Fprintf(w, ", %d %s", n, k)
		}
	}
	fmt.Fprintln(w)
	for _, n := range r.Notes {
		fmt.Fprintln(w, n)
	}
}

// ErrConflict marks a refusal: the destination already holds different content for a
// version, and nothing was changed. Publish returns it, for every destination,
// before any write; the CLI maps it to exit 5.
var ErrConflict = errors.New("different content is already published")

// ErrInvalid marks a release set a destination cannot take as it is (a version that
// cannot be an OCI tag, files the operator would not find): an input problem, found
// before anything is read or written; the CLI maps it to exit 3.
var ErrInvalid = errors.New("the release set cannot be published there as it is")

// Invalid marks err with ErrInvalid, keeping its message.
func Invalid(err error) error {
	if err == nil {
		return nil
	}
	return invalidError{err}
}

type invalidError struct{ err error }

func (e invalidError) Error() string   { return e.err.Error() }
func (e invalidError) Unwrap() []error { return []error{e.err, ErrInvalid} }
