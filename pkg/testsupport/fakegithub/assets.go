package fakegithub

import (
	"fmt"
	"net/http"
)

const immutableMsg = "Cannot upload assets to an immutable release."

// assetByID finds an asset of a release the caller may see; it answers 404 itself.
func (s *Server) assetByID(c *call, rp *repo) (*Release, int) {
	id := c.id("id")
	for _, r := range visible(c, rp) {
		for i := range r.Assets {
			if r.Assets[i].ID == id {
				return r, i
			}
		}
	}
	s.writeErrorLocked(c, http.StatusNotFound, "Not Found", docAssets)
	return nil, -1
}

func (s *Server) listAssets(c *call) {
	s.inRelease(c, func(rp *repo, r *Release) {
		lo, hi := page(c, len(r.Assets))
		out := make([]map[string]any, 0, hi-lo)
		for i := lo; i < hi; i++ {
			out = append(out, s.assetJSON(rp, r, &r.Assets[i]))
		}
		writeJSON(c.w, http.StatusOK, out)
	})
}

// getAsset returns metadata, or with Accept: application/octet-stream a 302 to the
// download host, as the REST API does.
func (s *Server) getAsset(c *call) {
	s.inAsset(c, func(rp *repo, r *Release, i int) {
		a := &r.Assets[i]
		if c.r.Header.Get("Accept") == "application/octet-stream" {
			loc := fmt.Sprintf("%s/download/%s/%s/%d/%s", s.URL(), rp.owner, rp.name, a.ID, a.Name)
			http.Redirect(c.w, c.r, loc, http.StatusFound)
			return
		}
		writeJSON(c.w, http.StatusOK, s.assetJSON(rp, r, a))
	})
}

func (s *Server) deleteAsset(c *call) {
	if !s.canWrite(c, docAssets+"#delete-a-release-asset") {
		return
	}
	s.inAsset(c, func(rp *repo, r *Release, i int) {
		if r.Immutable {
			s.writeErrorLocked(c, http.StatusUnprocessableEntity, "Cannot delete assets of an immutable release.", docAssets)
			return
		}
		r.Assets = append(r.Assets[:i], r.Assets[i+1:]...)
		c.w.WriteHeader(http.StatusNoContent)
	})
}

// download serves an asset's bytes without authentication, like the signed
// object-storage URL GitHub redirects to.
func (s *Server) download(c *call) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rp := s.repos[c.param("owner")+"/"+c.param("repo")]
	id := c.id("id")
	if rp != nil {
		for _, r := range rp.releases {
			for _, a := range r.Assets {
				if a.ID == id && a.Name == c.param("name") && a.State == "uploaded" {
					serveBytes(c.w, a.Data)
					return
				}
			}
		}
	}
	s.writeErrorLocked(c, http.StatusNotFound, "Not Found", "")
}

// browserDownload serves https://github.com/o/r/releases/download/tag/name for
// published releases, as used by clusterctl when the Go proxy is on.
func (s *Server) browserDownload(c *call) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rp := s.repos[c.param("owner")+"/"+c.param("repo")]
	if rp != nil && (!rp.opts.Private || c.perm >= Read) {
		for _, r := range rp.releases {
			for _, a := range r.Assets {
				if !r.Draft && r.Tag == c.param("tag") && a.Name == c.param("name") && a.State == "uploaded" {
					serveBytes(c.w, a.Data)
					return
				}
			}
		}
	}
	s.writeErrorLocked(c, http.StatusNotFound, "Not Found", "")
}

func serveBytes(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Length", fmt.Sprint(len(b)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}
