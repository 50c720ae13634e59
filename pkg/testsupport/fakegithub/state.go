package fakegithub

import (
	"sort"
	"time"
)

// RepoOptions configure a repository of the fake.
type RepoOptions struct {
	Private           bool   // anonymous callers get 404
	ImmutableReleases bool   // releases become immutable when published
	DefaultBranch     string // "main" when empty
	NoDigest          bool   // assets have no "digest" field (older GitHub Enterprise)
}

type repo struct {
	owner, name string
	opts        RepoOptions
	tags        map[string]string // tag -> commit sha
	releases    []*Release
}

// Release is a release as the fake stores it; inspection methods return copies.
type Release struct {
	ID              int64
	Tag             string
	TargetCommitish string
	Name            string
	Body            string
	Draft           bool
	Prerelease      bool
	Immutable       bool
	MakeLatest      string
	Created         time.Time
	Published       time.Time
	Assets          []Asset
}

// Asset is a release asset. State is "uploaded", or "starter" for an upload that
// broke off.
type Asset struct {
	ID          int64
	Name        string
	Label       string
	ContentType string
	State       string
	Data        []byte
}

// AddRepo creates a repository (with a "main" branch and no tags).
func (s *Server) AddRepo(owner, name string, opts RepoOptions) {
	if opts.DefaultBranch == "" {
		opts.DefaultBranch = "main"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.repos[owner+"/"+name] = &repo{owner: owner, name: name, opts: opts, tags: map[string]string{}}
}

// AddTag creates a git tag in a repository.
func (s *Server) AddTag(owner, name, tag string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.repos[owner+"/"+name].tags[tag] = fakeSHA(tag)
}

// AddRelease stores a release as given (assets get IDs and state "uploaded" unless
// set); a non-draft release also gets its tag. It returns the release ID.
func (s *Server) AddRelease(owner, name string, rel Release) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	rp := s.repos[owner+"/"+name]
	r := rel.clone()
	r.ID = s.newID()
	r.Created = time.Now().UTC()
	for i := range r.Assets {
		r.Assets[i].ID = s.newID()
		if r.Assets[i].State == "" {
			r.Assets[i].State = "uploaded"
		}
	}
	if !r.Draft {
		rp.tags[r.Tag] = fakeSHA(r.Tag)
	}
	rp.releases = append(rp.releases, r)
	return r.ID
}

// Releases returns copies of a repository's releases (drafts included), oldest first.
func (s *Server) Releases(owner, name string) []Release {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Release
	if rp := s.repos[owner+"/"+name]; rp != nil {
		for _, r := range rp.releases {
			out = append(out, *r.clone())
		}
	}
	return out
}

// Tags returns a repository's tag names, sorted.
func (s *Server) Tags(owner, name string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	if rp := s.repos[owner+"/"+name]; rp != nil {
		for t := range rp.tags {
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

func (r *Release) clone() *Release {
	c := *r
	c.Assets = make([]Asset, len(r.Assets))
	for i, a := range r.Assets {
		a.Data = append([]byte(nil), a.Data...)
		c.Assets[i] = a
	}
	return &c
}

func (s *Server) newID() int64 {
	s.nextID++
	return s.nextID
}

func fakeSHA(tag string) string {
	const hex = "0123456789abcdef"
	b := make([]byte, 40)
	for i := range b {
		b[i] = hex[(int(tag[i%len(tag)])+i)%16]
	}
	return string(b)
}
