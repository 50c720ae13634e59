package httpx

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// A client without a whole-request timeout (registry streams) still ends a read when
// the server stops sending: a stalled layer download fails instead of hanging.
func TestStalledStreamFails(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.Write([]byte("some bytes"))
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	c := NewClient(Options{Client: srv.Client(), NoTimeout: true, IdleTimeout: 50 * time.Millisecond})
	done := make(chan error, 1)
	go func() {
		resp, err := c.Get(srv.URL)
		if err == nil {
			_, err = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrStalled) {
			t.Fatalf("err = %v, want ErrStalled", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the read of a stalled stream never ended")
	}
}
