package fakegitlab

import (
	"net/http"
	"strings"
)

// TokenKind says which GitLab credential a Token is.
type TokenKind string

// Token kinds.
const (
	PersonalToken TokenKind = "private" // personal, project or group access token (PRIVATE-TOKEN or Bearer)
	JobToken      TokenKind = "job"     // CI/CD job token (JOB-TOKEN)
	DeployToken   TokenKind = "deploy"  // deploy token (DEPLOY-TOKEN)
)

// Auth header kinds recorded in the request log (never the value).
const (
	AuthNone    = ""
	AuthPrivate = "PRIVATE-TOKEN"
	AuthJob     = "JOB-TOKEN"
	AuthDeploy  = "DEPLOY-TOKEN"
	AuthBearer  = "Bearer"
	AuthBasic   = "Basic"
)

// Token is a credential the server accepts.
type Token struct {
	Value string
	Kind  TokenKind
	// ReadOnly models a Guest member or a deploy token with only
	// read_package_registry: reads work, writes get 403.
	ReadOnly bool
	// Projects lists the project paths the token's user is a member of; empty means
	// every project. Non-members get 404 on private and 403 on writes to public projects.
	Projects []string
}

// AddToken registers a credential.
func (s *Server) AddToken(t Token) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens[t.Value] = t
}

// caller is who made a request: a token, or anonymous (tok == nil).
type caller struct {
	tok *Token
}

// authKind names the credential header present on the request.
func authKind(r *http.Request) string {
	h := r.Header
	switch auth := h.Get("Authorization"); {
	case h.Get("Private-Token") != "":
		return AuthPrivate
	case h.Get("Job-Token") != "":
		return AuthJob
	case h.Get("Deploy-Token") != "":
		return AuthDeploy
	case strings.HasPrefix(auth, "Bearer "):
		return AuthBearer
	case strings.HasPrefix(auth, "Basic "):
		return AuthBasic
	}
	return AuthNone
}

// identify resolves the credential. generic says the endpoint is a package-registry
// endpoint, which also accepts deploy tokens and Basic auth; elsewhere those are
// ignored (anonymous). ok is false when a credential was given but is unknown (401).
// The caller holds s.mu.
func (s *Server) identify(r *http.Request, generic bool) (c caller, ok bool) {
	h := r.Header
	lookup := func(v string, kinds ...TokenKind) (caller, bool) {
		t, found := s.tokens[v]
		for _, k := range kinds {
			if found && t.Kind == k {
				return caller{tok: &t}, true
			}
		}
		return caller{}, false
	}
	switch authKind(r) {
	case AuthPrivate:
		return lookup(h.Get("Private-Token"), PersonalToken)
	case AuthJob:
		return lookup(h.Get("Job-Token"), JobToken)
	case AuthBearer:
		return lookup(strings.TrimPrefix(h.Get("Authorization"), "Bearer "), PersonalToken)
	case AuthDeploy:
		if generic {
			return lookup(h.Get("Deploy-Token"), DeployToken)
		}
	case AuthBasic:
		if _, pw, _ := r.BasicAuth(); generic {
			if c, ok := lookup(pw, PersonalToken, JobToken, DeployToken); ok {
				return c, true
			}
			return caller{}, r.Method == http.MethodGet // GitLab ignores bad Basic auth on public reads
		}
	}
	return caller{}, true
}

func (t *Token) member(p *project) bool {
	if len(t.Projects) == 0 {
		return true
	}
	for _, path := range t.Projects {
		if strings.EqualFold(path, p.Path) {
			return true
		}
	}
	return false
}

// access decides a request on a project: 0 when allowed, else the status to answer.
// anonPrivate is the status for anonymous access to a private project (401 on the
// package registry, 404 on the projects API).
func access(c caller, p *project, write bool, anonPrivate int) int {
	switch {
	case c.tok == nil && (write || !p.Public):
		if write {
			return http.StatusUnauthorized
		}
		return anonPrivate
	case c.tok == nil:
		return 0
	case !c.tok.member(p) && !p.Public:
		return http.StatusNotFound
	case write && (!c.tok.member(p) || c.tok.ReadOnly):
		return http.StatusForbidden
	}
	return 0
}
