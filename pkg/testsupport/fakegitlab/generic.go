package fakegitlab

import (
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
)

// Name rules of lib/gitlab/regex/packages.rb (generic_package_name_regex,
// generic_package_version_regex, generic_package_file_name_regex), rewritten without
// look-arounds for Go's RE2.
var (
	nameRe    = regexp.MustCompile(`^[A-Za-z0-9._\-+]+$`)
	versionRe = regexp.MustCompile(`^[\w+.-]+$`)
	fileRe    = regexp.MustCompile(`^[A-Za-z0-9._\-+~]+$`)
)

// validGeneric checks the path parameters; it returns the Grape error text or "".
func validGeneric(r *http.Request) string {
	name, ver, file := r.PathValue("pkg"), r.PathValue("ver"), r.PathValue("file")
	switch {
	case !nameRe.MatchString(name) || strings.Contains(name, ".."):
		return "package_name is invalid"
	case !versionRe.MatchString(ver) || strings.Contains(ver, ".."):
		return "package_version is invalid"
	case !fileRe.MatchString(file) || strings.HasPrefix(file, "~") || strings.HasSuffix(file, "~") ||
		strings.Contains(file, ".."):
		return "file_name is invalid"
	}
	if st := r.URL.Query().Get("status"); st != "" && st != "default" && st != "hidden" {
		return "status does not have a valid value"
	}
	return ""
}

// genericProject validates and authorizes a generic-package request. It returns the
// project, or nil after answering. The caller holds s.mu.
func (s *Server) genericProject(w http.ResponseWriter, r *http.Request, write bool) *project {
	if msg := validGeneric(r); msg != "" {
		writeError(w, http.StatusBadRequest, msg)
		return nil
	}
	return s.authorizedProject(w, r, write, true, http.StatusUnauthorized)
}

func writeStatus(w http.ResponseWriter, code int) {
	msg := strconv.Itoa(code) + " " + http.StatusText(code)
	if code == http.StatusNotFound {
		msg = "404 Project Not Found"
	}
	writeMessage(w, code, msg)
}

func (s *Server) upload(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return // connection gone
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.genericProject(w, r, true)
	if p == nil {
		return
	}
	name, ver, file := r.PathValue("pkg"), r.PathValue("ver"), r.PathValue("file")
	if k := p.findPackage(name, ver); k != nil && p.DisallowDuplicates && k.newest(file) != nil {
		writeMessage(w, http.StatusBadRequest, "400 Bad request - Duplicate package is not allowed")
		return
	}
	f := s.store(p, name, ver, file, data)
	if r.URL.Query().Get("select") == "package_file" {
		writeJSON(w, http.StatusCreated, uploadedJSON(f))
		return
	}
	writeMessage(w, http.StatusCreated, "201 Created")
}

func uploadedJSON(f *File) map[string]any {
	return map[string]any{
		"id": f.ID, "package_id": f.PackageID, "created_at": stamp(f.CreatedAt),
		"updated_at": stamp(f.CreatedAt), "size": len(f.Data), "file_store": 1,
		"file_md5": md5Hex(f.Data), "file_sha1": sha1Hex(f.Data), "file_name": f.Name,
		"file": map[string]string{"url": "/" + f.Name}, "file_sha256": f.SHA256(),
	}
}

func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.genericProject(w, r, false)
	if p == nil {
		return
	}
	k := p.findPackage(r.PathValue("pkg"), r.PathValue("ver"))
	if k == nil {
		writeMessage(w, http.StatusNotFound, "404 Package Not Found")
		return
	}
	f := k.newest(r.PathValue("file"))
	if f == nil {
		writeMessage(w, http.StatusNotFound, "404 Not found")
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("X-Checksum-SHA256", f.SHA256())
	w.Header().Set("Content-Length", strconv.Itoa(len(f.Data)))
	w.Write(f.Data)
}
