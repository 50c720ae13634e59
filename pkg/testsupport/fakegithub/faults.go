package fakegithub

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"time"
)

// FaultKind says what an injected fault does.
type FaultKind int

// Fault kinds.
const (
	FaultStatus             FaultKind = iota // answer Status (502 when 0) with a JSON error
	FaultReset                               // drop the connection before answering (uploads: mid-body)
	FaultResetAfter                          // serve the request, then drop the connection instead of answering
	FaultDelay                               // wait Delay, then serve normally (dropped if the client gives up first)
	FaultPrimaryRateLimit                    // 403, X-RateLimit-Remaining: 0, X-RateLimit-Reset = now+Reset
	FaultSecondaryRateLimit                  // 403 secondary rate limit with Retry-After
	FaultTooManyRequests                     // 429 with Retry-After
	FaultBody                                // serve the request with Body applied to what it answers (a proxy that truncates or substitutes)
)

// Fault is injected into the requests of one route.
type Fault struct {
	Route      string // a Route* name
	Nth        int    // 1 (or 0) = the next request of the route after Inject, 2 = the one after ...
	Count      int    // how many consecutive requests fail; 1 when 0
	Kind       FaultKind
	Status     int                 // FaultStatus
	Delay      time.Duration       // FaultDelay
	RetryAfter time.Duration       // secondary rate limit and 429 (whole seconds)
	Reset      time.Duration       // primary rate limit: reset time from now
	Partial    bool                // FaultReset on uploads: leave a "starter" asset with half the bytes
	Body       func([]byte) []byte // FaultBody: the bytes served instead of a 200 answer's body (Content-Length follows)
}

type pendingFault struct {
	Fault
	from, to int // route hit numbers the fault covers
}

// Inject arms a fault.
func (s *Server) Inject(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	from := s.hits[f.Route] + max(f.Nth, 1)
	s.faults = append(s.faults, &pendingFault{f, from, from + max(f.Count, 1) - 1})
}

// takeFault counts a hit of the route and returns the fault armed for it, if any.
func (s *Server) takeFault(route string) *Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hits[route]++
	n := s.hits[route]
	for _, f := range s.faults {
		if f.Route == route && n >= f.from && n <= f.to {
			return &f.Fault
		}
	}
	return nil
}

// applyFault carries the fault out; false means "continue serving normally".
func (s *Server) applyFault(c *call, rt *route, f *Fault) bool {
	switch f.Kind {
	case FaultDelay:
		// Read the body first, so the server notices a client that gives up.
		body, _ := io.ReadAll(c.r.Body)
		c.r.Body = io.NopCloser(bytes.NewReader(body))
		select {
		case <-time.After(f.Delay):
		case <-c.r.Context().Done():
			return true // the client gave up: drop the request (no upload lands later)
		}
		return false
	case FaultReset:
		s.resetMidBody(c, f.Partial)
	case FaultBody:
		s.rewriteBody(c, rt, f.Body)
	case FaultResetAfter:
		quiet := *c
		quiet.w = &recorder{ResponseWriter: httptest.NewRecorder()}
		if s.authenticate(&quiet) {
			rt.handle(&quiet)
		}
		hangUp(c.w)
	default:
		s.rateOrStatus(c, f)
	}
	return true
}

func (s *Server) rateOrStatus(c *call, f *Fault) {
	h := c.w.Header()
	switch f.Kind {
	case FaultPrimaryRateLimit:
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Reset", strconv.FormatInt(time.Now().Add(f.Reset).Unix(), 10))
		s.writeError(c.w, c.r, http.StatusForbidden, "API rate limit exceeded for user ID 1.",
			"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting")
	case FaultSecondaryRateLimit:
		h.Set("Retry-After", strconv.Itoa(int(f.RetryAfter.Seconds())))
		s.writeError(c.w, c.r, http.StatusForbidden, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
			"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits")
	case FaultTooManyRequests:
		h.Set("Retry-After", strconv.Itoa(int(f.RetryAfter.Seconds())))
		s.writeError(c.w, c.r, http.StatusTooManyRequests, "Too Many Requests", "")
	default:
		status := f.Status
		if status == 0 {
			status = http.StatusBadGateway
		}
		s.writeError(c.w, c.r, status, "Server Error", "")
	}
}

// rewriteBody serves the request into a recorder and answers with body applied to a
// 200 answer's bytes, its Content-Length set to match, as a rewriting proxy would.
func (s *Server) rewriteBody(c *call, rt *route, body func([]byte) []byte) {
	rec := httptest.NewRecorder()
	inner := *c
	inner.w = &recorder{ResponseWriter: rec}
	if s.authenticate(&inner) {
		rt.handle(&inner)
	}
	out := rec.Body.Bytes()
	if rec.Code == http.StatusOK {
		out = body(out)
	}
	for k, v := range rec.Header() {
		c.w.Header()[k] = v
	}
	c.w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	c.w.WriteHeader(rec.Code)
	_, _ = c.w.Write(out)
}
