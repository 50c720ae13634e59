package httpx

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A server asking for an absurd wait (beyond time.Duration's range) is refused at once
// as any wait over the budget is; the wait never wraps to a negative number that would
// skip the sleep and cancel the budget for the waits after it.
func TestPolicyHugeWaitsAreOverTheBudget(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_000_000, 0)
	for _, resp := range []*http.Response{
		respWith(429, "Retry-After", "10000000000"),
		respWith(429, "Retry-After", "99999999999999999"),
		respWith(403, "X-RateLimit-Remaining", "0", "X-RateLimit-Reset", fmt.Sprint(int64(1)<<62)),
	} {
		p := Policy{Now: func() time.Time { return now }}
		if d := p.Delay(resp, 1); d <= p.WithDefaults().MaxTotal {
			t.Errorf("%v: delay %s, want more than the budget", resp.Header, d)
		}
		s := &sleeps{}
		p.Sleep = s.sleep
		err := p.Do(context.Background(), func(context.Context, int) (*http.Response, error) { return resp, errors.New("limited") })
		if !isGaveUp(err) || len(s.d) != 0 || !strings.Contains(err.Error(), "run again later") {
			t.Errorf("%v: err %v after waits %v; want to give up at once", resp.Header, err, s.d)
		}
	}
}
