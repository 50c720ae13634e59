package httpx

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// flaky answers the statuses in order (then 200) and records each request's body.
type flaky struct {
	mu       sync.Mutex
	statuses []int
	header   http.Header
	bodies   []string
}

func (f *flaky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.bodies = append(f.bodies, string(b))
	st := http.StatusOK
	if len(f.bodies) <= len(f.statuses) {
		st = f.statuses[len(f.bodies)-1]
	}
	for k, v := range f.header {
		w.Header()[k] = v
	}
	w.WriteHeader(st)
	io.WriteString(w, http.StatusText(st))
}

// recorded is a policy whose waits are recorded instead of slept.
func recorded(waits *[]time.Duration) Policy {
	return Policy{Sleep: func(ctx context.Context, d time.Duration) error {
		*waits = append(*waits, d)
		return ctx.Err()
	}}
}

func roundTrip(t *testing.T, p Policy, f *flaky, method string, body io.Reader) (*http.Response, error) {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	req, err := http.NewRequest(method, srv.URL+"/v2/x/blobs/uploads/", body)
	if err != nil {
		t.Fatal(err)
	}
	return (&http.Client{Transport: p.Transport(nil)}).Do(req)
}

func TestTransportRetriesTransientAnswers(t *testing.T) {
	t.Parallel()
	var waits []time.Duration
	f := &flaky{statuses: []int{503, 502}}
	resp, err := roundTrip(t, recorded(&waits), f, http.MethodPut, strings.NewReader("blob"))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("resp = %v, err = %v; want 200 after two retries", resp, err)
	}
	resp.Body.Close()
	if len(f.bodies) != 3 || f.bodies[0] != "blob" || f.bodies[2] != "blob" {
		t.Errorf("bodies = %q, want the body replayed on every attempt", f.bodies)
	}
	if len(waits) != 2 || waits[0] != time.Second || waits[1] != 2*time.Second {
		t.Errorf("waits = %v, want 1s then 2s", waits)
	}
}

func TestTransportReturnsTheLastAnswerWhenRetriesRunOut(t *testing.T) {
	t.Parallel()
	var waits []time.Duration
	f := &flaky{statuses: []int{500, 500, 500, 500, 500, 500}}
	resp, err := roundTrip(t, recorded(&waits), f, http.MethodGet, nil)
	if err != nil || resp.StatusCode != 500 {
		t.Fatalf("resp = %v, err = %v; want the server's 500 itself", resp, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "Internal Server Error" || len(f.bodies) != 5 {
		t.Errorf("body %q after %d requests, want the last answer's body after 5", b, len(f.bodies))
	}
}

func TestTransportHonoursRetryAfter(t *testing.T) {
	t.Parallel()
	var waits []time.Duration
	f := &flaky{statuses: []int{429}, header: http.Header{"Retry-After": {"7"}}}
	resp, err := roundTrip(t, recorded(&waits), f, http.MethodGet, nil)
	if err != nil || resp.StatusCode != 200 || len(waits) != 1 || waits[0] != 7*time.Second {
		t.Fatalf("resp = %v, err = %v, waits = %v; want one 7 s wait then 200", resp, err, waits)
	}
	resp.Body.Close()
}

func TestTransportDoesNotReplayAStreamedBody(t *testing.T) {
	t.Parallel()
	var waits []time.Duration
	f := &flaky{statuses: []int{503}}
	body := io.NopCloser(bytes.NewReader([]byte("stream"))) // no GetBody
	resp, err := roundTrip(t, recorded(&waits), f, http.MethodPatch, struct{ io.ReadCloser }{body})
	if err != nil || resp.StatusCode != 503 || len(f.bodies) != 1 {
		t.Fatalf("resp = %v, err = %v, requests = %d; want the 503 after one request", resp, err, len(f.bodies))
	}
	resp.Body.Close()
}

func TestTransportStopsOnCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	p := Policy{Sleep: func(ctx context.Context, d time.Duration) error { cancel(); return sleep(ctx, d) }}
	srv := httptest.NewServer(&flaky{statuses: []int{503, 503}})
	t.Cleanup(srv.Close)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	_, err := (&http.Client{Transport: p.Transport(nil)}).Do(req)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
