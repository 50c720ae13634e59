package github

import (
	"context"
	"fmt"
	"time"
)

// RetryPolicy says how often and how long API calls are retried. Zero fields take
// the defaults: 5 attempts, 2 minutes of total waiting, 1 s base backoff doubled per
// attempt (capped at 30 s), a context-aware timer and time.Now.
type RetryPolicy struct {
	MaxAttempts int
	MaxTotal    time.Duration // the sum of all waits may not exceed this
	Base        time.Duration
	Sleep       func(ctx context.Context, d time.Duration) error // tests inject a recorder
	Now         func() time.Time                                 // for X-RateLimit-Reset
}

func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = 5
	}
	if p.MaxTotal <= 0 {
		p.MaxTotal = 2 * time.Minute
	}
	if p.Base <= 0 {
		p.Base = time.Second
	}
	if p.Sleep == nil {
		p.Sleep = sleep
	}
	if p.Now == nil {
		p.Now = time.Now
	}
	return p
}

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

// do runs op until it succeeds, fails for good, or the attempts or the waiting
// budget run out.
func (p RetryPolicy) do(ctx context.Context, op func() error) error {
	var waited time.Duration
	for attempt := 1; ; attempt++ {
		err := op()
		if err == nil || ctx.Err() != nil {
			return err
		}
		wait, retry := p.backoff(err, attempt)
		switch {
		case !retry:
			return err
		case attempt >= p.MaxAttempts:
			return &gaveUp{fmt.Sprintf("gave up after %d attempts", attempt), err}
		case waited+wait > p.MaxTotal:
			return &gaveUp{fmt.Sprintf("gave up: the next try would be in %s, beyond the retry budget of %s", wait.Round(time.Second), p.MaxTotal), err}
		}
		if err := p.Sleep(ctx, wait); err != nil {
			return err
		}
		waited += wait
	}
}

// exponential is Base * 2^(attempt-1), capped at 30 s.
func (p RetryPolicy) exponential(attempt int) time.Duration {
	d := p.Base
	for i := 1; i < attempt && d < 30*time.Second; i++ {
		d *= 2
	}
	return min(d, 30*time.Second)
}

// gaveUp is a retryable error whose retries ran out.
type gaveUp struct {
	why string
	err error
}

func (g *gaveUp) Error() string { return g.why + ": " + g.err.Error() }
func (g *gaveUp) Unwrap() error { return g.err }
