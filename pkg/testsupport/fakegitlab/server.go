// Package fakegitlab is an in-process fake of the parts of the GitLab REST API that a
// clusterctl repository on GitLab uses: generic package upload and download, the
// packages API (list packages, list, delete package files), project lookup and
// releases (create, update the description).
//
// It follows GitLab's documented behaviour (docs.gitlab.com user/packages/generic_packages
// and api/packages) and gitlabhq's request specs: duplicates of a file name are kept side
// by side unless the project disallows them, downloads return the newest duplicate,
// PRIVATE-TOKEN / JOB-TOKEN / DEPLOY-TOKEN / Bearer / Basic credentials, 401 for unknown
// tokens, 403 for read-only tokens on writes, 404 for private projects a token is not a
// member of. Tests add faults (status codes, Retry-After, connection resets, delays) and
// inspect the request log and the stored files.
package fakegitlab

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Server is a running fake GitLab. All methods are safe for concurrent use.
type Server struct {
	// URL is the instance URL without /api/v4 (what Options.BaseURL and
	// gitlab.WithBaseURL take), e.g. "http://127.0.0.1:41234".
	URL string

	srv      *httptest.Server
	mu       sync.Mutex
	projects []*project
	tokens   map[string]Token
	faults   []*fault
	log      []*Request
	lastID   int64
	clock    time.Time
}

// New starts a fake GitLab and stops it when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	s := &Server{
		tokens: map[string]Token{},
		clock:  time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
	}
	s.srv = httptest.NewServer(s.routes())
	s.URL = s.srv.URL
	t.Cleanup(s.srv.Close)
	return s
}

// Client returns an HTTP client for the server (plain loopback transport).
func (s *Server) Client() *http.Client { return s.srv.Client() }

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	const generic = "/api/v4/projects/{id}/packages/generic/{pkg}/{ver}/{file}"
	mux.Handle("PUT "+generic, s.route(RouteUpload, s.upload))
	mux.Handle("GET "+generic, s.route(RouteDownload, s.download))
	mux.Handle("GET /api/v4/projects/{id}/packages", s.route(RoutePackages, s.listPackages))
	mux.Handle("GET /api/v4/projects/{id}/packages/{pid}/package_files", s.route(RoutePackageFiles, s.listFiles))
	mux.Handle("DELETE /api/v4/projects/{id}/packages/{pid}/package_files/{fid}", s.route(RouteDeleteFile, s.deleteFile))
	mux.Handle("GET /api/v4/projects/{id}", s.route(RouteProject, s.getProject))
	mux.Handle("POST /api/v4/projects/{id}/releases", s.route(RouteCreateRelease, s.createRelease))
	mux.Handle("PUT /api/v4/projects/{id}/releases/{tag}", s.route(RouteUpdateRelease, s.updateRelease))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeMessage(w, http.StatusNotFound, "404 Not Found")
	})
	return mux
}

// tick returns the next creation time: one second after the previous one, so
// created_at ordering is deterministic.
func (s *Server) tick() time.Time {
	s.clock = s.clock.Add(time.Second)
	return s.clock
}

func (s *Server) nextID() int64 {
	s.lastID++
	return s.lastID
}
