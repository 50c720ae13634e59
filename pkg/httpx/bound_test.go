package httpx

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// gzipBomb is n zero bytes, gzip-compressed (about n/1000 bytes on the wire).
func gzipBomb(t *testing.T, n int) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zero := make([]byte, 1<<20)
	for ; n > 0; n -= len(zero) {
		zw.Write(zero[:min(n, len(zero))])
	}
	zw.Close()
	return buf.Bytes()
}

func serve(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func read(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// A gzip-bombed API answer is cut at the page cap, counted in decompressed bytes.
func TestPageCapCountsDecompressedBytes(t *testing.T) {
	t.Parallel()
	bomb := gzipBomb(t, 64<<20)
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(bomb)
	})
	ctx := WithLimits(context.Background(), Limits{Page: 1 << 20})
	_, err := read(ctx, NewClient(Options{Answers: APIAnswers}), srv.URL)
	var ce *CapError
	if !errors.As(err, &ce) || !errors.Is(err, ErrCap) || !strings.Contains(err.Error(), "the 1 MiB cap on one listing page") {
		t.Fatalf("err %v, want the 1 MiB page cap (the bomb is %d bytes on the wire)", err, len(bomb))
	}
}

// A listing whose next link comes back to a page already read is refused; so is a
// listing of more pages than its cap.
func TestListingRefusesLoopsAndEndlessPages(t *testing.T) {
	t.Parallel()
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "[]") })
	c := NewClient(Options{})
	ctx, _ := NewListing(context.Background(), "listing tags", 0)
	for _, u := range []string{srv.URL + "/?page=1", srv.URL + "/?page=2"} {
		if _, err := read(ctx, c, u); err != nil {
			t.Fatal(err)
		}
	}
	_, err := read(ctx, c, srv.URL+"/?page=1")
	if !errors.Is(err, ErrCap) || !strings.Contains(err.Error(), "a next link to a page already read") {
		t.Fatalf("loop: err %v", err)
	}
	ctx, _ = NewListing(WithLimits(context.Background(), Limits{Pages: 3}), "listing tags", 0)
	for i := 0; ; i++ {
		_, err = read(ctx, c, srv.URL+"/?page="+string(rune('a'+i)))
		if err != nil {
			break
		}
	}
	if !strings.Contains(err.Error(), "the cap of 3 pages in one listing") {
		t.Fatalf("endless: err %v", err)
	}
}

// Every client of a run shares one total; past it, answers are refused.
func TestTotalPerRun(t *testing.T) {
	t.Parallel()
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { w.Write(make([]byte, 600<<10)) })
	ctx := WithLimits(context.Background(), Limits{Total: 1 << 20})
	if _, err := read(ctx, NewClient(Options{}), srv.URL); err != nil {
		t.Fatal(err)
	}
	_, err := read(ctx, NewClient(Options{}), srv.URL)
	if !errors.Is(err, ErrCap) || !strings.Contains(err.Error(), "the 1 MiB cap on all answers of one run") {
		t.Fatalf("err %v", err)
	}
}

// Requests to one remote end at the run's deadline for it, with an error naming it,
// and are not retried.
func TestDeadlinePerRemote(t *testing.T) {
	t.Parallel()
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("x"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	ctx := WithLimits(context.Background(), Limits{Deadline: 200 * time.Millisecond})
	c := NewClient(Options{})
	attempts := 0
	err := Policy{}.Do(ctx, func(ctx context.Context, _ int) (*http.Response, error) {
		attempts++
		_, err := read(ctx, c, srv.URL)
		return nil, err
	})
	if !errors.Is(err, ErrCap) || attempts != 1 || !strings.Contains(err.Error(), "the 200ms deadline for all requests to one remote") {
		t.Fatalf("err %v after %d attempts", err, attempts)
	}
}

// The timeouts name their limits: to the headers, and the whole request.
func TestTimeoutsNameTheirLimits(t *testing.T) {
	t.Parallel()
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/body" {
			w.Write([]byte("x"))
			w.(http.Flusher).Flush()
		}
		<-r.Context().Done()
	})
	c := NewClient(Options{Timeout: 300 * time.Millisecond})
	c.Transport.(*boundTransport).header = 100 * time.Millisecond
	_, err := read(context.Background(), c, srv.URL+"/headers")
	if !strings.Contains(err.Error(), "no answer within the 100ms limit to the response headers") {
		t.Errorf("headers: %v", err)
	}
	_, err = read(context.Background(), c, srv.URL+"/body")
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "the 300ms limit per request") {
		t.Errorf("body: %v", err)
	}
}
