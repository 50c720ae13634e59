package httpx

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"
	"time"
)

// ErrStalled marks a response whose body stopped arriving.
var ErrStalled = errors.New("the server stopped sending")

// idleTransport bounds the silence inside a response body: a read that gets no byte
// for idle fails (the body is closed under it), so an unbounded stream cannot hang.
type idleTransport struct {
	base http.RoundTripper
	idle time.Duration
}

func (t idleTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil || resp.Body == nil || resp.Body == http.NoBody {
		return resp, err
	}
	b := &idleBody{rc: resp.Body, idle: t.idle}
	b.timer = time.AfterFunc(t.idle, b.expire)
	resp.Body = b
	return resp, nil
}

type idleBody struct {
	rc    io.ReadCloser
	idle  time.Duration
	timer *time.Timer
	fired atomic.Bool
}

func (b *idleBody) expire() {
	b.fired.Store(true)
	b.rc.Close()
}

func (b *idleBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if b.fired.Load() {
		return n, fmt.Errorf("reading the answer: no data for %s: %w", b.idle, ErrStalled)
	}
	b.timer.Reset(b.idle)
	return n, err
}

func (b *idleBody) Close() error {
	b.timer.Stop()
	return b.rc.Close()
}
