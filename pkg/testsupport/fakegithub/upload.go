package fakegithub

import (
	"io"
	"net/http"
)

// uploadAsset stores the request body as a new asset named by the name query
// parameter. Duplicate names answer 422 already_exists, immutable releases 422.
func (s *Server) uploadAsset(c *call) {
	if !s.canWrite(c, docAssets+"#upload-a-release-asset") {
		return
	}
	name := c.r.URL.Query().Get("name")
	if c.r.ContentLength < 0 {
		writeJSON(c.w, http.StatusLengthRequired, apiError{Message: "Content-Length required"})
		return
	}
	data, err := io.ReadAll(c.r.Body)
	if err != nil || int64(len(data)) != c.r.ContentLength {
		writeJSON(c.w, http.StatusBadRequest, apiError{Message: "Body does not match Content-Length"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.uploadTarget(c, name)
	if r == nil {
		return
	}
	a := Asset{ID: s.newID(), Name: name, Label: c.r.URL.Query().Get("label"),
		ContentType: c.r.Header.Get("Content-Type"), State: "uploaded", Data: data}
	r.Assets = append(r.Assets, a)
	rp := s.repos[c.param("owner")+"/"+c.param("repo")]
	writeJSON(c.w, http.StatusCreated, s.assetJSON(rp, r, &r.Assets[len(r.Assets)-1]))
}

// uploadTarget checks the release and name of an upload; it answers errors itself.
func (s *Server) uploadTarget(c *call, name string) *Release {
	rp := s.repoFor(c)
	if rp == nil {
		return nil
	}
	r := s.releaseByID(c, rp)
	switch {
	case r == nil:
		return nil
	case name == "":
		s.validationLockedDoc(c, "ReleaseAsset", "name", "missing_field")
		return nil
	case r.Immutable:
		s.writeErrorLocked(c, http.StatusUnprocessableEntity, immutableMsg, docAssets)
		return nil
	}
	for _, a := range r.Assets {
		if a.Name == name {
			s.validationLockedDoc(c, "ReleaseAsset", "name", "already_exists")
			return nil
		}
	}
	return r
}

func (s *Server) validationLockedDoc(c *call, resource, field, code string) {
	s.mu.Unlock()
	defer s.mu.Lock()
	s.validation(c, resource, field, code, docAssets+"#upload-a-release-asset")
}
