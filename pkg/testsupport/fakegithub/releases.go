package fakegithub

import (
	"encoding/json"
	"net/http"
	"sort"
	"time"
)

// visible lists the releases the caller may see, newest first.
func visible(c *call, rp *repo) []*Release {
	var out []*Release
	for _, r := range rp.releases {
		if !r.Draft || c.perm >= Write {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return out
}

// releaseByID finds a release by the {id} parameter; drafts are hidden from callers
// without push access. It answers 404 itself.
func (s *Server) releaseByID(c *call, rp *repo) *Release {
	id := c.id("id")
	for _, r := range visible(c, rp) {
		if r.ID == id {
			return r
		}
	}
	s.writeErrorLocked(c, http.StatusNotFound, "Not Found", docReleases)
	return nil
}

func (s *Server) listReleases(c *call) {
	s.inRepo(c, func(rp *repo) {
		rels := visible(c, rp)
		lo, hi := page(c, len(rels))
		out := make([]map[string]any, 0, hi-lo)
		for _, r := range rels[lo:hi] {
			out = append(out, s.releaseJSON(rp, r))
		}
		writeJSON(c.w, http.StatusOK, out)
	})
}

// getReleaseByTag returns a published release only, as GitHub documents.
func (s *Server) getReleaseByTag(c *call) {
	s.inRepo(c, func(rp *repo) {
		for _, r := range rp.releases {
			if r.Tag == c.param("tag") && !r.Draft {
				writeJSON(c.w, http.StatusOK, s.releaseJSON(rp, r))
				return
			}
		}
		s.writeErrorLocked(c, http.StatusNotFound, "Not Found", docReleases)
	})
}

// getLatest returns GitHub's "latest" release: the newest published, non-prerelease
// release not created with make_latest=false. (clusterctl ignores this flag.)
func (s *Server) getLatest(c *call) {
	s.inRepo(c, func(rp *repo) {
		for _, r := range visible(c, rp) {
			if !r.Draft && !r.Prerelease && r.MakeLatest != "false" {
				writeJSON(c.w, http.StatusOK, s.releaseJSON(rp, r))
				return
			}
		}
		s.writeErrorLocked(c, http.StatusNotFound, "Not Found", docReleases)
	})
}

func (s *Server) getRelease(c *call) {
	s.inRelease(c, func(rp *repo, r *Release) {
		writeJSON(c.w, http.StatusOK, s.releaseJSON(rp, r))
	})
}

// releaseInput is the body of create and edit; nil fields were not sent.
type releaseInput struct {
	TagName         *string `json:"tag_name"`
	TargetCommitish *string `json:"target_commitish"`
	Name            *string `json:"name"`
	Body            *string `json:"body"`
	Draft           *bool   `json:"draft"`
	Prerelease      *bool   `json:"prerelease"`
	MakeLatest      *string `json:"make_latest"`
	GenerateNotes   *bool   `json:"generate_release_notes"`
}

// GeneratedNotes is the body the fake generates for a tag (generate_release_notes).
func GeneratedNotes(tag string) string {
	return "## What's Changed\n* changes up to " + tag + " (generated)\n"
}

// generateNotes answers POST /releases/generate-notes.
func (s *Server) generateNotes(c *call) {
	if !s.canWrite(c, docReleases+"#generate-release-notes-content-for-a-release") {
		return
	}
	var in struct {
		TagName string `json:"tag_name"`
	}
	if err := json.NewDecoder(c.r.Body).Decode(&in); err != nil || in.TagName == "" {
		writeJSON(c.w, http.StatusUnprocessableEntity, apiError{Message: "Validation Failed"})
		return
	}
	writeJSON(c.w, http.StatusOK, map[string]any{"name": in.TagName, "body": GeneratedNotes(in.TagName)})
}

func decodeInput(c *call) (releaseInput, bool) {
	var in releaseInput
	if err := json.NewDecoder(c.r.Body).Decode(&in); err != nil {
		writeJSON(c.w, http.StatusBadRequest, apiError{Message: "Problems parsing JSON"})
		return in, false
	}
	return in, true
}

// publish marks a release published: it creates the tag from target_commitish (or
// the default branch) when missing and freezes it when the repository is immutable.
func publishRelease(rp *repo, r *Release) {
	r.Draft = false
	r.Published = time.Now().UTC()
	if _, ok := rp.tags[r.Tag]; !ok {
		rp.tags[r.Tag] = fakeSHA(r.Tag)
	}
	r.Immutable = rp.opts.ImmutableReleases
}

func (in releaseInput) apply(r *Release) {
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = *src
		}
	}
	set(&r.TargetCommitish, in.TargetCommitish)
	set(&r.Name, in.Name)
	set(&r.Body, in.Body)
	set(&r.MakeLatest, in.MakeLatest)
	if in.Prerelease != nil {
		r.Prerelease = *in.Prerelease
	}
}
