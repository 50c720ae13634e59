package fakegitlab

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"time"
)

// Fault makes matching requests misbehave. Zero-valued match fields match anything.
type Fault struct {
	Method string // "PUT", "GET", ...
	Route  string // RouteUpload, ...
	File   string // file name on generic routes

	Nth   int // fire from the Nth matching request on (1 = the first; 0 means 1)
	Count int // number of consecutive matching requests that fire (0 means 1)

	Status     int    // answer this status (e.g. 429, 500, 502) with a JSON message
	RetryAfter string // Retry-After header value sent with Status
	// Reset reads part of the request body, then closes the connection without an
	// answer (a connection reset mid-upload).
	Reset bool
	// Delay waits this long before going on; a client that gives up first gets
	// nothing done (the request is dropped).
	Delay time.Duration
	// AfterHandling runs the real handler first, so the upload is stored, and then
	// answers with the fault: the client sees a failure for a request that succeeded.
	AfterHandling bool
	// EchoHeaders puts the request headers, credentials included, into the error
	// body, like a misbehaving proxy. Clients must not repeat that body verbatim.
	EchoHeaders bool
	// Body replaces the bytes of a 200 answer (Content-Length follows), like a proxy
	// that truncates or substitutes a download.
	Body func([]byte) []byte
}

type fault struct {
	Fault
	seen int
}

// Inject adds a fault. Faults are checked in the order added; the first that fires wins.
func (s *Server) Inject(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f.Nth == 0 {
		f.Nth = 1
	}
	if f.Count == 0 {
		f.Count = 1
	}
	s.faults = append(s.faults, &fault{Fault: f})
}

// firing counts the request against every matching fault and returns the first that
// fires. The caller holds s.mu.
func (s *Server) firing(req Request) *Fault {
	var hit *Fault
	for _, f := range s.faults {
		if !f.matches(req) {
			continue
		}
		f.seen++
		if hit == nil && f.seen >= f.Nth && f.seen < f.Nth+f.Count {
			hit = &f.Fault
		}
	}
	return hit
}

func (f *fault) matches(r Request) bool {
	return (f.Method == "" || f.Method == r.Method) && (f.Route == "" || f.Route == r.Route) &&
		(f.File == "" || f.File == r.File)
}

// apply carries the fault out and returns the status answered (0 after a reset).
func (f *Fault) apply(w http.ResponseWriter, r *http.Request, next http.HandlerFunc) int {
	if f.Delay > 0 {
		// Read the body first: only then does the server notice a client that
		// gives up, and cancel r.Context().
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		t := time.NewTimer(f.Delay)
		defer t.Stop()
		select {
		case <-t.C:
		case <-r.Context().Done():
			// The client gave up: drop the request, as a server that notices does.
			// Serving it now would store an upload at a moment no test controls
			// (after the client's re-run has listed the package, say).
			return 0
		}
	}
	if f.AfterHandling {
		next(httptest.NewRecorder(), r)
	}
	switch {
	case f.Reset:
		resetConn(w, r)
		return 0
	case f.Status != 0:
		if f.RetryAfter != "" {
			w.Header().Set("Retry-After", f.RetryAfter)
		}
		writeMessage(w, f.Status, f.message(r))
		return f.Status
	}
	if f.Body != nil {
		return rewriteBody(w, r, next, f.Body)
	}
	sw := &statusWriter{ResponseWriter: w}
	next(sw, r)
	return sw.status
}

// rewriteBody serves r into a recorder and answers with body applied to a 200
// answer's bytes, its Content-Length set to match.
func rewriteBody(w http.ResponseWriter, r *http.Request, next http.HandlerFunc, body func([]byte) []byte) int {
	rec := httptest.NewRecorder()
	next(rec, r)
	out := rec.Body.Bytes()
	if rec.Code == http.StatusOK {
		out = body(out)
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Length", fmt.Sprint(len(out)))
	w.WriteHeader(rec.Code)
	_, _ = w.Write(out)
	return rec.Code
}

func (f *Fault) message(r *http.Request) string {
	msg := fmt.Sprintf("%d %s", f.Status, http.StatusText(f.Status))
	if !f.EchoHeaders {
		return msg
	}
	var lines []string
	for k, v := range r.Header {
		lines = append(lines, k+": "+strings.Join(v, ","))
	}
	sort.Strings(lines)
	return msg + " (request headers: " + strings.Join(lines, "; ") + ")"
}

// resetConn reads half of the body (at least one byte when there is one) and closes
// the connection without answering.
func resetConn(w http.ResponseWriter, r *http.Request) {
	if n := r.ContentLength / 2; n > 0 {
		io.CopyN(io.Discard, r.Body, n)
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic("fakegitlab: response writer cannot be hijacked")
	}
	conn, _, err := hj.Hijack()
	if err == nil {
		conn.Close()
	}
}

// route wraps a handler with logging and fault injection. The request is logged on
// arrival, so it is in the log before a reset connection is closed; its status is
// filled in afterwards.
func (s *Server) route(name string, next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := newRequest(name, r)
		s.mu.Lock()
		f := s.firing(req)
		entry := &req
		s.log = append(s.log, entry)
		s.mu.Unlock()
		if f == nil {
			f = &Fault{}
		}
		status := f.apply(w, r, next)
		s.mu.Lock()
		entry.Status = status
		s.mu.Unlock()
	})
}
