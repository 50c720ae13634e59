package fakegitlab

import (
	"net/http"
	"strings"
)

// apiProject authorizes a request to the projects or packages API, which take
// PRIVATE-TOKEN, Bearer and JOB-TOKEN but not deploy tokens or Basic auth (those
// count as anonymous there). It returns the project, or nil after answering. The
// caller holds s.mu.
func (s *Server) apiProject(w http.ResponseWriter, r *http.Request, write bool) *project {
	return s.authorizedProject(w, r, write, false, http.StatusNotFound)
}

// authorizedProject identifies the caller (deploy tokens count only on the generic
// packages routes), finds the project, and checks access; hidden is the status an
// anonymous caller gets for a private project. It returns nil after answering.
func (s *Server) authorizedProject(w http.ResponseWriter, r *http.Request, write, deploy bool, hidden int) *project {
	c, ok := s.identify(r, deploy)
	if !ok {
		writeMessage(w, http.StatusUnauthorized, "401 Unauthorized")
		return nil
	}
	p := s.findProject(r.PathValue("id"))
	if p == nil {
		writeMessage(w, http.StatusNotFound, "404 Project Not Found")
		return nil
	}
	if code := access(c, p, write, hidden); code != 0 {
		writeStatus(w, code)
		return nil
	}
	return p
}

func (s *Server) getProject(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.apiProject(w, r, false)
	if p == nil {
		return
	}
	vis := "private"
	if p.Public {
		vis = "public"
	}
	name := p.Path[strings.LastIndex(p.Path, "/")+1:]
	writeJSON(w, http.StatusOK, map[string]any{
		"id": p.ID, "path": name, "name": name, "path_with_namespace": p.Path,
		"visibility": vis, "web_url": s.URL + "/" + p.Path,
	})
}

// listPackages filters like PackagesFinder: package_type exact, package_name a
// case-insensitive substring match (so "foo" also finds "foo-bar"), package_version
// exact; ordered by created_at ascending.
func (s *Server) listPackages(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.apiProject(w, r, false)
	if p == nil {
		return
	}
	q := r.URL.Query()
	if t := q.Get("package_type"); t != "" && t != "generic" {
		writeJSON(w, http.StatusOK, paginate(w, r, []any{}))
		return
	}
	items := []any{}
	for _, k := range p.packages {
		if matchPackage(k, q.Get("package_name"), q.Get("package_version")) {
			items = append(items, map[string]any{
				"id": k.ID, "name": k.Name, "version": k.Version, "package_type": "generic",
				"status": "default", "created_at": stamp(k.CreatedAt),
			})
		}
	}
	writeJSON(w, http.StatusOK, paginate(w, r, items))
}

func matchPackage(k *pkg, name, version string) bool {
	return strings.Contains(strings.ToLower(k.Name), strings.ToLower(name)) &&
		(version == "" || k.Version == version)
}

func (s *Server) listFiles(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := s.apiPackage(w, r, false)
	if k == nil {
		return
	}
	items := []any{}
	for _, f := range k.files {
		items = append(items, map[string]any{
			"id": f.ID, "package_id": f.PackageID, "created_at": stamp(f.CreatedAt),
			"file_name": f.Name, "size": len(f.Data), "file_md5": md5Hex(f.Data),
			"file_sha1": sha1Hex(f.Data), "file_sha256": f.SHA256(), "pipelines": []any{},
		})
	}
	writeJSON(w, http.StatusOK, paginate(w, r, items))
}

func (s *Server) deleteFile(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := s.apiPackage(w, r, true)
	if k == nil {
		return
	}
	if !k.deleteFile(r.PathValue("fid")) {
		writeMessage(w, http.StatusNotFound, "404 Not found")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// apiPackage is the package of an API call (path parameter pid) in its project; it
// answers a missing one itself. Call it holding s.mu.
func (s *Server) apiPackage(w http.ResponseWriter, r *http.Request, write bool) *pkg {
	p := s.apiProject(w, r, write)
	if p == nil {
		return nil
	}
	k := p.packageByID(r.PathValue("pid"))
	if k == nil {
		writeMessage(w, http.StatusNotFound, "404 Package Not Found")
	}
	return k
}
