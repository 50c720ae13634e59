package httpx

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// Policy is the retry policy of every remote call. Zero fields take the defaults: 5
// attempts, 2 minutes of total waiting, 1 s base backoff doubled per attempt and
// capped at 30 s, a context-aware timer and time.Now.
type Policy struct {
	MaxAttempts int                                              // attempts per operation, the first included
	MaxTotal    time.Duration                                    // the sum of all waits may not exceed this
	Base        time.Duration                                    // first backoff, doubled per attempt
	MaxWait     time.Duration                                    // cap of the exponential backoff (not of a server's Retry-After)
	Sleep       func(ctx context.Context, d time.Duration) error // tests inject a recorder
	Now         func() time.Time                                 // for X-RateLimit-Reset and HTTP dates
}

// WithDefaults fills the zero fields.
func (p Policy) WithDefaults() Policy {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = 5
	}
	if p.MaxTotal <= 0 {
		p.MaxTotal = 2 * time.Minute
	}
	if p.Base <= 0 {
		p.Base = time.Second
	}
	if p.MaxWait <= 0 {
		p.MaxWait = 30 * time.Second
	}
	if p.Sleep == nil {
		p.Sleep = sleep
	}
	if p.Now == nil {
		p.Now = time.Now
	}
	return p
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Attempt is one try. It returns the response it got (nil for network errors or when
// the caller has none) and its error; Retry decides on both.
type Attempt func(ctx context.Context, attempt int) (*http.Response, error)

// Do runs op until it succeeds, fails for good, or the attempts or the waiting budget
// run out. A context that ends stops it with an error matching the context's error. A
// host that does not exist in DNS fails for good at once (a *NoSuchHost).
func (p Policy) Do(ctx context.Context, op Attempt) error {
	p = p.WithDefaults()
	var waited time.Duration
	for attempt := 1; ; attempt++ {
		resp, err := op(ctx, attempt)
		if err == nil || ctx.Err() != nil {
			return err
		}
		if nsh, ok := noSuchHost(err); ok {
			return nsh
		}
		if !retryable(resp, err) {
			return err
		}
		wait := p.Delay(resp, attempt)
		switch {
		case attempt >= p.MaxAttempts:
			return &GaveUp{Why: fmt.Sprintf("gave up after %d attempts", attempt), Err: err}
		case waited+wait > p.MaxTotal:
			return &GaveUp{Why: fmt.Sprintf("gave up: the next try would be in %s, more than the %s limit (the retry budget of %s); run again later",
				wait.Round(time.Second), p.MaxTotal, p.MaxTotal), Err: err}
		}
		if serr := p.Sleep(ctx, wait); serr != nil {
			return fmt.Errorf("%w (while waiting to retry after: %w)", serr, err)
		}
		waited += wait
	}
}

// GaveUp is a retryable error whose retries ran out.
type GaveUp struct {
	Why string
	Err error
}

func (g *GaveUp) Error() string { return g.Err.Error() + " (" + g.Why + ")" }
func (g *GaveUp) Unwrap() error { return g.Err }
