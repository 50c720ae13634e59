package fakegitlab

import "net/http"

// Routes, as recorded in Request.Route and matched by Fault.Route.
const (
	RouteUpload        = "upload"         // PUT  /projects/:id/packages/generic/:name/:version/:file
	RouteDownload      = "download"       // GET  same path
	RoutePackages      = "packages"       // GET  /projects/:id/packages
	RoutePackageFiles  = "package_files"  // GET  /projects/:id/packages/:package_id/package_files
	RouteDeleteFile    = "delete_file"    // DELETE /projects/:id/packages/:package_id/package_files/:file_id
	RouteProject       = "project"        // GET  /projects/:id
	RouteCreateRelease = "create-release" // POST /projects/:id/releases
	RouteUpdateRelease = "update-release" // PUT  /projects/:id/releases/:tag
)

// Request is one logged request. It records which credential header was present,
// never its value.
type Request struct {
	Method  string
	Route   string
	Path    string // escaped path as sent, e.g. /api/v4/projects/group%2Fname/...
	Query   string
	Auth    string // AuthPrivate, AuthJob, AuthDeploy, AuthBearer, AuthBasic or AuthNone
	Project string // unescaped :id
	Package string // generic routes: package name
	Version string // generic routes: package version
	File    string // generic routes: file name
	Status  int    // status answered; 0 when the connection was reset
}

// Requests returns a copy of the request log in arrival order. Status is 0 for a
// request still being answered or whose connection was reset.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.log))
	for i, r := range s.log {
		out[i] = *r
	}
	return out
}

// ResetLog empties the request log.
func (s *Server) ResetLog() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = nil
}

func newRequest(route string, r *http.Request) Request {
	return Request{
		Method: r.Method, Route: route, Path: r.URL.EscapedPath(), Query: r.URL.RawQuery,
		Auth: authKind(r), Project: r.PathValue("id"), Package: r.PathValue("pkg"),
		Version: r.PathValue("ver"), File: r.PathValue("file"),
	}
}

// statusWriter remembers the status a handler answered.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}
