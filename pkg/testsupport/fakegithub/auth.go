package fakegithub

import (
	"net/http"
	"strings"
)

// Permission is what a token may do on every repository of the fake.
type Permission int

// Permissions, weakest first. Anonymous callers have None: they can read public
// repositories (published releases only) and nothing else.
const (
	None  Permission = iota
	Read             // pull: private repositories readable, drafts hidden
	Write            // push (contents: write): drafts visible, releases and assets writable
	Admin
)

// AddToken registers a token with a permission.
func (s *Server) AddToken(token string, p Permission) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens[token] = p
}

// authenticate resolves the Authorization header. A header with an unknown token
// answers 401 like GitHub's "Bad credentials", even on public reads.
func (s *Server) authenticate(c *call) bool {
	h := c.r.Header.Get("Authorization")
	if h == "" {
		return true
	}
	tok := h
	for _, prefix := range []string{"Bearer ", "token ", "bearer "} {
		tok = strings.TrimPrefix(tok, prefix)
	}
	s.mu.Lock()
	p, ok := s.tokens[tok]
	s.mu.Unlock()
	if !ok {
		s.writeError(c.w, c.r, http.StatusUnauthorized, "Bad credentials", "https://docs.github.com/rest")
		return false
	}
	c.perm, c.authed = p, true
	return true
}

// canWrite answers 401 (anonymous) or 403 (too weak) unless the caller may push.
func (s *Server) canWrite(c *call, doc string) bool {
	switch {
	case !c.authed:
		s.writeError(c.w, c.r, http.StatusUnauthorized, "Requires authentication", doc)
		return false
	case c.perm < Write:
		c.w.Header().Set("X-Accepted-GitHub-Permissions", "contents=write")
		s.writeError(c.w, c.r, http.StatusForbidden, "Resource not accessible by personal access token", doc)
		return false
	}
	return true
}
