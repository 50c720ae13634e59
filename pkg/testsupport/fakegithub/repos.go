package fakegithub

import "net/http"

const (
	docRepos    = "https://docs.github.com/rest/repos/repos#get-a-repository"
	docReleases = "https://docs.github.com/rest/releases/releases"
	docAssets   = "https://docs.github.com/rest/releases/assets"
	docRefs     = "https://docs.github.com/rest/git/refs#get-a-reference"
)

// repoFor finds the request's repository, answering 404 when it does not exist or
// the caller may not see it. The caller holds s.mu.
func (s *Server) repoFor(c *call) *repo {
	rp := s.repos[c.param("owner")+"/"+c.param("repo")]
	if rp == nil || (rp.opts.Private && c.perm < Read) {
		s.writeErrorLocked(c, http.StatusNotFound, "Not Found", docRepos)
		return nil
	}
	return rp
}

// writeErrorLocked writes an error while s.mu is held.
func (s *Server) writeErrorLocked(c *call, status int, msg, doc string) {
	s.mu.Unlock()
	defer s.mu.Lock()
	s.writeError(c.w, c.r, status, msg, doc)
}

func (s *Server) getRepo(c *call) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rp := s.repoFor(c)
	if rp == nil {
		return
	}
	body := map[string]any{
		"name":           rp.name,
		"full_name":      rp.owner + "/" + rp.name,
		"owner":          map[string]any{"login": rp.owner},
		"private":        rp.opts.Private,
		"default_branch": rp.opts.DefaultBranch,
		"html_url":       s.URL() + "/" + rp.owner + "/" + rp.name,
	}
	if c.authed {
		body["permissions"] = map[string]bool{
			"admin": c.perm >= Admin, "maintain": c.perm >= Admin, "push": c.perm >= Write,
			"triage": c.perm >= Write, "pull": c.perm >= Read,
		}
	}
	writeJSON(c.w, http.StatusOK, body)
}

func (s *Server) getTagRef(c *call) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rp := s.repoFor(c)
	if rp == nil {
		return
	}
	tag := c.param("tag")
	sha, ok := rp.tags[tag]
	if !ok {
		s.writeErrorLocked(c, http.StatusNotFound, "Not Found", docRefs)
		return
	}
	writeJSON(c.w, http.StatusOK, map[string]any{
		"ref":    "refs/tags/" + tag,
		"object": map[string]string{"sha": sha, "type": "commit"},
	})
}
