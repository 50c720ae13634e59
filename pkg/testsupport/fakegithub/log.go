package fakegithub

import (
	"bufio"
	"errors"
	"net"
	"net/http"
)

// Request is one logged request. Auth says whether an Authorization header was sent;
// the token itself is never kept. Status is filled in when the handler returns, so it
// may still be 0 right after the client got its answer.
type Request struct {
	Method string
	Path   string
	Route  string // route name, "" when no route matched
	Auth   bool
	Status int // 0 when the connection was reset (or not finished yet)
}

// Log returns a copy of the request log, oldest first.
func (s *Server) Log() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.log...)
}

// Hits counts the logged requests of a route.
func (s *Server) Hits(route string) int {
	n := 0
	for _, r := range s.Log() {
		if r.Route == route {
			n++
		}
	}
	return n
}

// recorder remembers the status code and still allows hijacking.
type recorder struct {
	http.ResponseWriter
	status int
}

func (w *recorder) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *recorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("response writer cannot be hijacked")
	}
	w.status = 0
	return h.Hijack()
}
