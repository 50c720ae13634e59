package fakegitlab

import (
	"encoding/json"
	"net/http"
)

// releaseBody is what the releases API reads and answers (the fields capirepo uses).
type releaseBody struct {
	TagName     string `json:"tag_name"`
	Description string `json:"description"`
}

// createRelease is POST /projects/:id/releases: 409 when the tag has a release
// already, as GitLab answers.
func (s *Server) createRelease(w http.ResponseWriter, r *http.Request) {
	var b releaseBody
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil || b.TagName == "" {
		writeError(w, http.StatusBadRequest, "tag_name is missing")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.authorizedProject(w, r, true, false, http.StatusNotFound)
	if p == nil {
		return
	}
	if _, ok := p.releases[b.TagName]; ok {
		writeMessage(w, http.StatusConflict, "Release already exists")
		return
	}
	if p.releases == nil {
		p.releases = map[string]string{}
	}
	p.releases[b.TagName] = b.Description
	writeJSON(w, http.StatusCreated, b)
}

// updateRelease is PUT /projects/:id/releases/:tag: 403 for a tag without a release,
// as GitLab answers.
func (s *Server) updateRelease(w http.ResponseWriter, r *http.Request) {
	var b releaseBody
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		writeError(w, http.StatusBadRequest, "body is not JSON")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.authorizedProject(w, r, true, false, http.StatusNotFound)
	if p == nil {
		return
	}
	tag := r.PathValue("tag")
	if _, ok := p.releases[tag]; !ok {
		writeMessage(w, http.StatusForbidden, "403 Forbidden")
		return
	}
	p.releases[tag] = b.Description
	writeJSON(w, http.StatusOK, releaseBody{TagName: tag, Description: b.Description})
}

// Release returns the description of the project's release of tag, and whether it
// exists.
func (s *Server) Release(projectID, tag string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.findProject(projectID)
	if p == nil {
		return "", false
	}
	d, ok := p.releases[tag]
	return d, ok
}
