package fakegithub

import (
	"io"
	"net/http"
)

// resetMidBody reads half of the request body and drops the connection. For an
// upload with partial set it first stores a "starter" asset holding those bytes, as
// GitHub may after a broken upload.
func (s *Server) resetMidBody(c *call, partial bool) {
	half := max(c.r.ContentLength/2, 0)
	got, _ := io.ReadAll(io.LimitReader(c.r.Body, half))
	if partial && s.authenticate(c) && c.perm >= Write {
		s.storeStarter(c, got)
	}
	hangUp(c.w)
}

func (s *Server) storeStarter(c *call, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rp := s.repos[c.param("owner")+"/"+c.param("repo")]
	if rp == nil {
		return
	}
	name := c.r.URL.Query().Get("name")
	for _, r := range rp.releases {
		if r.ID == c.id("id") && !r.hasAsset(name) { // like GitHub: a taken name fails before any byte
			r.Assets = append(r.Assets, Asset{ID: s.newID(), Name: name,
				ContentType: c.r.Header.Get("Content-Type"), State: "starter", Data: data})
		}
	}
}

// hangUp closes the client connection without a response.
func hangUp(w http.ResponseWriter) {
	h, ok := w.(http.Hijacker)
	if !ok {
		return
	}
	conn, _, err := h.Hijack()
	if err == nil {
		_ = conn.Close()
	}
}

func (r *Release) hasAsset(name string) bool {
	for _, a := range r.Assets {
		if a.Name == name {
			return true
		}
	}
	return false
}
