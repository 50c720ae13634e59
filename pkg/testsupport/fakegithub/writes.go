package fakegithub

import "net/http"

func (s *Server) createRelease(c *call) {
	if !s.canWrite(c, docReleases+"#create-a-release") {
		return
	}
	in, ok := decodeInput(c)
	if !ok {
		return
	}
	s.inRepo(c, func(rp *repo) {
		if in.TagName == nil || *in.TagName == "" {
			s.validationLocked(c, "Release", "tag_name", "missing_field")
			return
		}
		draft := in.Draft != nil && *in.Draft
		for _, r := range rp.releases {
			// Like GitHub: a tag has at most one published release, but drafts of a tag
			// can pile up (a retried create whose answer was lost makes another).
			if r.Tag == *in.TagName && (!r.Draft || !draft) {
				s.validationLocked(c, "Release", "tag_name", "already_exists")
				return
			}
		}
		r := &Release{ID: s.newID(), Tag: *in.TagName, TargetCommitish: rp.opts.DefaultBranch, Created: s.now(), Draft: true}
		in.apply(r)
		if in.GenerateNotes != nil && *in.GenerateNotes {
			r.Body = GeneratedNotes(r.Tag)
		}
		if in.Draft == nil || !*in.Draft {
			publishRelease(rp, r)
		}
		rp.releases = append(rp.releases, r)
		writeJSON(c.w, http.StatusCreated, s.releaseJSON(rp, r))
	})
}

// editRelease changes fields; draft=false publishes. An immutable release keeps its
// tag and cannot go back to draft.
func (s *Server) editRelease(c *call) {
	if !s.canWrite(c, docReleases+"#update-a-release") {
		return
	}
	in, ok := decodeInput(c)
	if !ok {
		return
	}
	s.inRelease(c, func(rp *repo, r *Release) {
		if r.Immutable && ((in.TagName != nil && *in.TagName != r.Tag) || (in.Draft != nil && *in.Draft)) {
			s.writeErrorLocked(c, http.StatusUnprocessableEntity, "Cannot modify the tag or draft state of an immutable release.", docReleases)
			return
		}
		if in.TagName != nil {
			r.Tag = *in.TagName
		}
		in.apply(r)
		if in.Draft != nil && !*in.Draft && r.Draft {
			publishRelease(rp, r)
		}
		writeJSON(c.w, http.StatusOK, s.releaseJSON(rp, r))
	})
}

func (s *Server) deleteRelease(c *call) {
	if !s.canWrite(c, docReleases+"#delete-a-release") {
		return
	}
	s.inRelease(c, func(rp *repo, r *Release) {
		for i := range rp.releases {
			if rp.releases[i] == r {
				rp.releases = append(rp.releases[:i], rp.releases[i+1:]...)
				break
			}
		}
		c.w.WriteHeader(http.StatusNoContent)
	})
}

func (s *Server) validationLocked(c *call, resource, field, code string) {
	s.mu.Unlock()
	defer s.mu.Lock()
	s.validation(c, resource, field, code, docReleases)
}
