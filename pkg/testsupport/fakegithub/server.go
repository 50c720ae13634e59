// Package fakegithub is an in-process fake of the part of the GitHub REST API that a
// release publisher and clusterctl use: repositories, git tag refs, releases (drafts,
// immutable releases) and release assets (upload, list, delete, download).
//
// It serves GitHub Enterprise style prefixes on one httptest server, so go-github's
// BaseURL and UploadURL can point at it: APIURL() ends in /api/v3/ and UploadURL() in
// /api/uploads/. Tokens are configured with AddToken; faults (5xx, connection resets,
// delays, rate limits) with Inject. Every request is logged (never the token value).
package fakegithub

import (
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// Server is the fake. Create it with New or NewTLS and Close it when done.
type Server struct {
	srv    *httptest.Server
	routes []route

	mu       sync.Mutex
	tokens   map[string]Permission
	repos    map[string]*repo
	nextID   int64
	faults   []*pendingFault
	hits     map[string]int
	inflight map[string]int
	peak     map[string]int
	log      []Request
	echoAuth bool
}

// New starts a plain-HTTP fake on loopback.
func New() *Server {
	s := newServer()
	s.srv.Start()
	return s
}

// NewTLS starts a fake behind TLS with httptest's self-signed certificate;
// Certificate() returns it for clients and SSL_CERT_FILE tests.
func NewTLS() *Server {
	s := newServer()
	s.srv.StartTLS()
	return s
}

func newServer() *Server {
	s := &Server{
		tokens:   map[string]Permission{},
		repos:    map[string]*repo{},
		hits:     map[string]int{},
		inflight: map[string]int{},
		peak:     map[string]int{},
		nextID:   1000,
	}
	s.routes = s.routeTable()
	s.srv = httptest.NewUnstartedServer(s)
	// Injected resets and TLS tests make the server log; keep test output clean.
	s.srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	return s
}

// Close shuts the server down.
func (s *Server) Close() { s.srv.Close() }

// URL is the server's root, e.g. http://127.0.0.1:PORT.
func (s *Server) URL() string { return s.srv.URL }

// APIURL is the REST API base with a trailing slash (go-github BaseURL).
func (s *Server) APIURL() string { return s.srv.URL + "/api/v3/" }

// UploadURL is the upload base with a trailing slash (go-github UploadURL).
func (s *Server) UploadURL() string { return s.srv.URL + "/api/uploads/" }

// Client returns an HTTP client that trusts the server (needed with NewTLS).
func (s *Server) Client() *http.Client { return s.srv.Client() }

// Certificate returns the PEM-encodable server certificate (TLS servers only).
func (s *Server) Certificate() []byte {
	if c := s.srv.Certificate(); c != nil {
		return c.Raw
	}
	return nil
}

// EchoAuth makes error bodies quote the request's Authorization header, like a
// misbehaving proxy would; clients must redact it.
func (s *Server) EchoAuth(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.echoAuth = on
}

func (s *Server) now() time.Time { return time.Now().UTC() }
