package httpx

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Limits bound what one run reads from remotes (docs/remote-calls.md lists them).
// Zero fields take DefaultLimits' values.
type Limits struct {
	Page     int64         // one listing page or API answer (decompressed)
	Answer   int64         // any other answer: a file download (its reader caps it lower)
	Total    int64         // every answer of the run together (registry streams excluded)
	Items    int           // entries of one listing
	Pages    int           // pages of one listing
	Deadline time.Duration // all requests to one remote (host) in the run
}

// DefaultLimits are the caps of a run.
var DefaultLimits = Limits{
	Page:     16 << 20,
	Answer:   256 << 20,
	Total:    4 << 30,
	Items:    10_000,
	Pages:    1_000,
	Deadline: 30 * time.Minute,
}

// MaxAssets is GitHub's own cap on the assets of a release.
const MaxAssets = 1_000

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	l.Page, l.Answer, l.Total = orInt(l.Page, d.Page), orInt(l.Answer, d.Answer), orInt(l.Total, d.Total)
	l.Items, l.Pages = orInt(l.Items, d.Items), orInt(l.Pages, d.Pages)
	l.Deadline = orInt(l.Deadline, d.Deadline)
	return l
}

func orInt[T int | int64 | time.Duration](v, d T) T {
	if v > 0 {
		return v
	}
	return d
}

// ErrCap marks a run stopped by one of its Limits (exit 4: the remote misbehaves).
var ErrCap = errors.New("remote cap reached")

// CapError names the cap a remote reached and what reached it.
type CapError struct {
	Cap  string // "the 16 MiB cap on a listing page"
	What string // the request or listing
}

func (e *CapError) Error() string {
	return fmt.Sprintf("%s: stopped at %s (docs/remote-calls.md); the remote misbehaves or the source is not a provider repository", e.What, e.Cap)
}

func (e *CapError) Unwrap() error { return ErrCap }

// run is the state a run shares across its clients: bytes read, each remote's start.
type run struct {
	limits Limits
	read   atomic.Int64
	mu     sync.Mutex
	starts map[string]time.Time
	memos  map[string]*memo // Shared reads
}

type runKey struct{}

// WithLimits starts a run: every request made with the returned context (or one
// derived from it) counts against the same limits and total.
func WithLimits(ctx context.Context, l Limits) context.Context {
	return context.WithValue(ctx, runKey{}, newRun(l))
}

// Run starts a run with DefaultLimits unless ctx already carries one.
func Run(ctx context.Context) context.Context {
	if runOf(ctx) != nil {
		return ctx
	}
	return WithLimits(ctx, DefaultLimits)
}

func newRun(l Limits) *run { return &run{limits: l.withDefaults(), starts: map[string]time.Time{}} }

func runOf(ctx context.Context) *run {
	r, _ := ctx.Value(runKey{}).(*run)
	return r
}

// deadline is when requests to host must be done: Deadline after the first one.
func (r *run) deadline(host string) time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	start, ok := r.starts[host]
	if !ok {
		start = time.Now()
		r.starts[host] = start
	}
	return start.Add(r.limits.Deadline)
}

// count adds n bytes to the run's total; over it is a CapError.
func (r *run) count(n int64, what string) error {
	if r.read.Add(n) > r.limits.Total {
		return &CapError{Cap: "the " + Size(r.limits.Total) + " cap on all answers of one run", What: what}
	}
	return nil
}
