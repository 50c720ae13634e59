package fakegithub

import (
	"net/http"
	"strconv"
	"time"
)

// call is one request being served: the writer, the request, path parameters and the
// caller's permission (resolved from the token).
type call struct {
	w      *recorder
	r      *http.Request
	params map[string]string
	perm   Permission
	authed bool
}

func (c *call) param(name string) string { return c.params[name] }

func (c *call) id(name string) int64 {
	n, err := strconv.ParseInt(c.params[name], 10, 64)
	if err != nil {
		return -1
	}
	return n
}

// ServeHTTP logs the request, applies injected faults, authenticates and dispatches.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rec := &recorder{ResponseWriter: w, status: http.StatusOK}
	rt, params := s.match(r)
	name := ""
	if rt != nil {
		name = rt.name
	}
	i := s.enter(r, name)
	defer func() { s.leave(i, name, rec.status) }()
	s.setRateHeaders(rec)
	if rt == nil {
		s.writeError(rec, r, http.StatusNotFound, "Not Found", "")
		return
	}
	c := &call{w: rec, r: r, params: params}
	if f := s.takeFault(name); f != nil && s.applyFault(c, rt, f) {
		return
	}
	if !s.authenticate(c) {
		return
	}
	rt.handle(c)
}

func (s *Server) setRateHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("X-RateLimit-Limit", "5000")
	h.Set("X-RateLimit-Remaining", "4999")
	h.Set("X-RateLimit-Reset", strconv.FormatInt(time.Now().Add(time.Hour).Unix(), 10))
	h.Set("X-RateLimit-Resource", "core")
}

// enter logs the request before anything is answered (so a client never sees a
// response whose request is not yet in the log) and counts requests in flight.
func (s *Server) enter(r *http.Request, route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inflight[route]++
	s.peak[route] = max(s.peak[route], s.inflight[route])
	s.log = append(s.log, Request{r.Method, r.URL.Path, route, r.Header.Get("Authorization") != "", 0})
	return len(s.log) - 1
}

// leave stores the final status of log entry i.
func (s *Server) leave(i int, route string, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inflight[route]--
	s.log[i].Status = status
}

// MaxInFlight is the largest number of requests of a route served at the same time.
func (s *Server) MaxInFlight(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peak[route]
}
