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
	s.inRepo(c, func(rp *repo) {
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
	})
}

func (s *Server) getTagRef(c *call) {
	s.inRepo(c, func(rp *repo) {
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
	})
}

// inRepo runs fn holding s.mu with the call's repository; a missing or hidden one
// is answered 404.
func (s *Server) inRepo(c *call, fn func(rp *repo)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rp := s.repoFor(c); rp != nil {
		fn(rp)
	}
}

// inRelease runs fn holding s.mu with the call's release (path parameter id).
func (s *Server) inRelease(c *call, fn func(rp *repo, r *Release)) {
	s.inRepo(c, func(rp *repo) {
		if r := s.releaseByID(c, rp); r != nil {
			fn(rp, r)
		}
	})
}

// inAsset runs fn holding s.mu with the call's asset: r.Assets[i].
func (s *Server) inAsset(c *call, fn func(rp *repo, r *Release, i int)) {
	s.inRepo(c, func(rp *repo) {
		if r, i := s.assetByID(c, rp); r != nil {
			fn(rp, r, i)
		}
	})
}
