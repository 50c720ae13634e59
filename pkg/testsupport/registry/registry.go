// Package registry runs go-containerregistry's in-process OCI registry on loopback for
// tests, with what tests need around it: added latency, required basic auth, injected
// failures and a count of blob uploads per digest.
package registry

import (
	"bytes"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	ggcr "github.com/google/go-containerregistry/pkg/registry"
)

// Server is a running registry. Host is host:port, for references.
type Server struct {
	Host string
	URL  string

	next    http.Handler
	srv     *httptest.Server
	latency time.Duration
	user    string
	pass    string

	mu      sync.Mutex
	uploads map[string]int // digest → completed blob uploads
	faults  []*Fault
	auths   []string // every Authorization header received
}

// Fault makes matching requests answer Status (0: handled normally) after Delay,
// Times times (0: always).
type Fault struct {
	Match  func(*http.Request) bool
	Status int
	Delay  time.Duration
	Times  int
	// Echo puts the request's Authorization header, decoded too, into the error body,
	// as a careless registry may: tests prove no credential reaches output.
	Echo bool
	// Body replaces the bytes of a 200 answer (Content-Length follows), as a proxy
	// that truncates or substitutes what the registry serves.
	Body func([]byte) []byte
	hits int
}

// Hits returns how many requests the fault has applied to.
func (s *Server) Hits(f *Fault) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return f.hits
}

// Option configures a Server.
type Option func(*Server)

// WithLatency delays every request by d (simulates a remote registry).
func WithLatency(d time.Duration) Option { return func(s *Server) { s.latency = d } }

// WithBasicAuth requires these credentials on every request (401 otherwise).
func WithBasicAuth(user, pass string) Option {
	return func(s *Server) { s.user, s.pass = user, pass }
}

// RequireBasicAuth makes every later request need these credentials (push test
// content first, then lock the registry).
func (s *Server) RequireBasicAuth(user, pass string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.user, s.pass = user, pass
}

// New starts a registry that stops when the test ends.
func New(t testing.TB, opts ...Option) *Server {
	s := &Server{uploads: map[string]int{}}
	s.next = ggcr.New(ggcr.Logger(log.New(io.Discard, "", 0)))
	for _, o := range opts {
		o(s)
	}
	srv := httptest.NewServer(s)
	s.srv = srv
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	s.Host = strings.TrimPrefix(srv.URL, "http://")
	return s
}

// Close stops the registry now and drops what it stores (benchmarks free memory).
func (s *Server) Close() {
	s.srv.Close()
	s.mu.Lock()
	s.next = http.NotFoundHandler()
	s.mu.Unlock()
}

// AddFault injects a failure; it applies to requests after this call.
func (s *Server) AddFault(f *Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, f)
}

// Uploads returns how many times a blob with this digest was uploaded.
func (s *Server) Uploads(digest string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.uploads[digest]
}

// TotalUploads returns the number of completed blob uploads.
func (s *Server) TotalUploads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.uploads {
		n += c
	}
	return n
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.latency > 0 {
		time.Sleep(s.latency)
	}
	s.recordAuth(r)
	s.mu.Lock()
	user, pass := s.user, s.pass
	s.mu.Unlock()
	if user != "" {
		if u, p, ok := r.BasicAuth(); !ok || u != user || p != pass {
			w.Header().Set("WWW-Authenticate", `Basic realm="test"`)
			http.Error(w, `{"errors":[{"code":"UNAUTHORIZED","message":"authentication required"}]}`, http.StatusUnauthorized)
			return
		}
	}
	f := s.fault(r)
	if f != nil && f.Delay > 0 {
		// Read the body first: only then does the server notice a client that hangs up.
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		select {
		case <-r.Context().Done():
			return
		case <-time.After(f.Delay):
		}
	}
	if f != nil && f.Status != 0 {
		st := f.Status
		if st == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "0")
		}
		http.Error(w, `{"errors":[{"code":"UNKNOWN","message":"injected failure`+echo(f, r)+`"}]}`, st)
		return
	}
	if f != nil && f.Body != nil {
		rewrite(w, r, s.next, f.Body)
		return
	}
	rec := &statusRecorder{ResponseWriter: w}
	s.next.ServeHTTP(rec, r)
	s.count(r, rec.status)
}

// rewrite serves r into a recorder and answers with body applied to a 200 answer's
// bytes, its Content-Length set to match.
func rewrite(w http.ResponseWriter, r *http.Request, next http.Handler, body func([]byte) []byte) {
	rec := httptest.NewRecorder()
	next.ServeHTTP(rec, r)
	out := rec.Body.Bytes()
	if rec.Code == http.StatusOK {
		out = body(out)
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	w.WriteHeader(rec.Code)
	_, _ = w.Write(out)
}

func (s *Server) fault(r *http.Request) *Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.faults {
		if (f.Times == 0 || f.hits < f.Times) && (f.Match == nil || f.Match(r)) {
			f.hits++
			return f
		}
	}
	return nil
}

// count records a completed upload: a PUT (or monolithic POST) carrying ?digest= that
// the registry accepted.
func (s *Server) count(r *http.Request, status int) {
	d := r.URL.Query().Get("digest")
	if d == "" || status != http.StatusCreated || !strings.Contains(r.URL.Path, "/blobs/uploads") {
		return
	}
	s.mu.Lock()
	s.uploads[d]++
	s.mu.Unlock()
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

// UploadCounts returns a copy of the uploads per digest.
func (s *Server) UploadCounts() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for d, n := range s.uploads {
		out[d] = n
	}
	return out
}

func (s *Server) recordAuth(r *http.Request) {
	if a := r.Header.Get("Authorization"); a != "" {
		s.mu.Lock()
		s.auths = append(s.auths, a)
		s.mu.Unlock()
	}
}

// SawPassword reports whether any request carried pass as a basic-auth password or a
// bearer token: tests prove a credential never reached a registry it is not for.
func (s *Server) SawPassword(pass string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range s.auths {
		r := &http.Request{Header: http.Header{"Authorization": {a}}}
		if _, p, ok := r.BasicAuth(); ok && p == pass || strings.Contains(a, pass) {
			return true
		}
	}
	return false
}

// echo is what a fault with Echo repeats of the request's credentials.
func echo(f *Fault, r *http.Request) string {
	if !f.Echo {
		return ""
	}
	out := " for " + r.Header.Get("Authorization")
	if u, p, ok := r.BasicAuth(); ok {
		out += " (" + u + ":" + p + ")"
	}
	return strings.ReplaceAll(out, `"`, `'`)
}
