package httpx

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// Answers says what a client's answers are when a request's context does not say
// (NewListing, WithAnswerCap): API answers (the page cap), downloads (the answer cap),
// or streams (registry layers: no cap, no deadline, not counted in the total).
type Answers int

// Kinds of answers.
const (
	Downloads Answers = iota
	APIAnswers
	Streams
)

// boundTransport is the one bounded reader of every answer: decompressed bytes are
// counted against the answer's cap and the run's total, listings refuse a page read
// before, and the timeouts and the deadline per remote end with errors naming them.
type boundTransport struct {
	base     http.RoundTripper
	answers  Answers
	timeout  time.Duration // the whole request, body included; 0: none
	header   time.Duration // to the response headers
	fallback *run          // a context with no run (library use)
}

func (t *boundTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := runOf(req.Context())
	if r == nil {
		r = t.fallback
	}
	limit, name, counted := t.cap(req.Context(), r.limits)
	ctx, cancel := t.bounded(req, r, counted)
	resp, err := t.send(req.WithContext(ctx), cancel)
	if err != nil {
		cancel(nil)
		return nil, causeOf(ctx, err)
	}
	if l := listingOf(req.Context()); l != nil && resp.StatusCode/100 == 2 {
		if err := l.visit(req, r.limits.Pages); err != nil {
			resp.Body.Close()
			cancel(nil)
			return nil, err
		}
	}
	resp.Body = &boundBody{rc: resp.Body, ctx: ctx, cancel: cancel, limit: limit, name: name, counted: counted, run: r, req: req}
	return resp, nil
}

// send sends req; a request without a body (one sent at once) must get its answer's
// headers within the header limit (one with a body has the transport's, counted from
// when the body is sent).
func (t *boundTransport) send(req *http.Request, cancel context.CancelCauseFunc) (*http.Response, error) {
	if req.Body != nil && req.Body != http.NoBody {
		return t.base.RoundTrip(req)
	}
	timer := time.AfterFunc(t.header, func() { cancel(&TimeoutError{Limit: t.header, Of: "to the response headers"}) })
	defer timer.Stop()
	return t.base.RoundTrip(req)
}

// cap is the answer cap of a request (-1: none), its name, and whether the answer
// counts in the total.
func (t *boundTransport) cap(ctx context.Context, l Limits) (int64, string, bool) {
	if n, ok := answerCapOf(ctx); ok {
		return n, "the " + Size(n) + " cap on this answer", true
	}
	switch {
	case listingOf(ctx) != nil || t.answers == APIAnswers:
		return l.Page, "the " + Size(l.Page) + " cap on one listing page or API answer", true
	case t.answers == Streams:
		return -1, "", false
	}
	return l.Answer, "the " + Size(l.Answer) + " cap on one answer", true
}

// bounded is the request's context with the request timeout and, for counted answers,
// the deadline of its remote; both end with an error naming the limit.
func (t *boundTransport) bounded(req *http.Request, r *run, counted bool) (context.Context, context.CancelCauseFunc) {
	ctx, cancel := context.WithCancelCause(req.Context())
	stops := []context.CancelFunc{}
	if counted {
		var stop context.CancelFunc
		ctx, stop = context.WithDeadlineCause(ctx, r.deadline(req.URL.Host),
			&CapError{Cap: "the " + r.limits.Deadline.String() + " deadline for all requests to one remote", What: req.URL.Host})
		stops = append(stops, stop)
	}
	if t.timeout > 0 {
		var stop context.CancelFunc
		ctx, stop = context.WithTimeoutCause(ctx, t.timeout, &TimeoutError{Limit: t.timeout, Of: "per request", whole: true})
		stops = append(stops, stop)
	}
	return ctx, func(cause error) {
		cancel(cause)
		for _, s := range stops {
			s()
		}
	}
}

// causeOf replaces a context error by the limit that ended the request.
func causeOf(ctx context.Context, err error) error {
	if err == nil || ctx.Err() == nil {
		return err
	}
	var te *TimeoutError
	var ce *CapError
	if cause := context.Cause(ctx); errors.As(cause, &te) || errors.As(cause, &ce) {
		return cause
	}
	return err
}

// TimeoutError is a request that ran past one of its time limits.
type TimeoutError struct {
	Limit time.Duration
	Of    string // "per request", "to the response headers"
	whole bool
}

func (e *TimeoutError) Error() string {
	return "no answer within the " + e.Limit.String() + " limit " + e.Of + " (docs/remote-calls.md)"
}

// Timeout marks it a network timeout (retried as one).
func (e *TimeoutError) Timeout() bool   { return true }
func (e *TimeoutError) Temporary() bool { return true }

// Unwrap: the whole-request limit is a deadline (not retried, as before).
func (e *TimeoutError) Unwrap() error {
	if e.whole {
		return context.DeadlineExceeded
	}
	return nil
}

// boundBody counts what is read against the answer's cap and the run's total.
type boundBody struct {
	rc      io.ReadCloser
	ctx     context.Context
	cancel  context.CancelCauseFunc
	limit   int64
	name    string
	counted bool
	run     *run
	req     *http.Request
	n       int64
	err     error
}

func (b *boundBody) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.rc.Read(p)
	b.n += int64(n)
	if b.limit >= 0 && b.n > b.limit {
		b.err = &CapError{Cap: b.name, What: b.req.Method + " " + b.req.URL.Redacted()}
		return 0, b.err
	}
	if b.counted {
		if cerr := b.run.count(int64(n), b.req.Method+" "+b.req.URL.Redacted()); cerr != nil {
			b.err = cerr
			return 0, cerr
		}
	}
	if err != nil && err != io.EOF {
		err = causeOf(b.ctx, err)
	}
	return n, err
}

func (b *boundBody) Close() error {
	err := b.rc.Close()
	b.cancel(nil)
	return err
}
