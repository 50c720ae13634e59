package fakegithub

import (
	"fmt"
	"strings"
	"testing"
)

func TestAuth(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{})
	create := s.APIURL() + "repos/o/r/releases"
	tests := []struct {
		name, method, url, token, body string
		want                           int
	}{
		{"anonymous read of public repo", "GET", s.APIURL() + "repos/o/r", "", "", 200},
		{"bad token even on read", "GET", s.APIURL() + "repos/o/r", "nope", "", 401},
		{"anonymous write", "POST", create, "", `{"tag_name":"v1.0.0"}`, 401},
		{"read-only write", "POST", create, readTok, `{"tag_name":"v1.0.0"}`, 403},
		{"write token", "POST", create, writeTok, `{"tag_name":"v1.0.0","draft":true}`, 201},
		{"unknown repo", "GET", s.APIURL() + "repos/o/missing", writeTok, "", 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, _, body := do(t, s, tt.method, tt.url, tt.token, tt.body); got != tt.want {
				t.Errorf("%s %s = %d %s, want %d", tt.method, tt.url, got, body, tt.want)
			}
		})
	}
}

func TestPrivateRepoHiddenFromAnonymous(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{Private: true})
	if got, _, _ := do(t, s, "GET", s.APIURL()+"repos/o/r", "", ""); got != 404 {
		t.Errorf("anonymous GET private repo = %d, want 404", got)
	}
	_, _, body := do(t, s, "GET", s.APIURL()+"repos/o/r", readTok, "")
	perms := decode[struct {
		Permissions map[string]bool `json:"permissions"`
	}](t, body).Permissions
	if !perms["pull"] || perms["push"] {
		t.Errorf("read token permissions = %v, want pull without push", perms)
	}
}

func TestDraftVisibility(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{})
	createDraft(t, s, "v1.0.0")
	tests := []struct {
		name, url, token string
		wantStatus       int
		wantDraftListed  bool
	}{
		{"list with push", s.APIURL() + "repos/o/r/releases", writeTok, 200, true},
		{"list read-only", s.APIURL() + "repos/o/r/releases", readTok, 200, false},
		{"by tag hides drafts", s.APIURL() + "repos/o/r/releases/tags/v1.0.0", writeTok, 404, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, _, body := do(t, s, "GET", tt.url, tt.token, "")
			if st != tt.wantStatus {
				t.Fatalf("GET %s = %d, want %d", tt.url, st, tt.wantStatus)
			}
			if got := strings.Contains(body, `"draft":true`); got != tt.wantDraftListed {
				t.Errorf("draft listed = %v, want %v (%s)", got, tt.wantDraftListed, body)
			}
		})
	}
}

func TestCreateDuplicateTag(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{})
	createDraft(t, s, "v1.0.0")
	st, _, body := do(t, s, "POST", s.APIURL()+"repos/o/r/releases", writeTok, `{"tag_name":"v1.0.0"}`)
	if st != 422 || !strings.Contains(body, `"code":"already_exists"`) || !strings.Contains(body, `"field":"tag_name"`) {
		t.Errorf("duplicate create = %d %s, want 422 already_exists on tag_name", st, body)
	}
}

func TestTagCreatedOnlyOnPublish(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{})
	id := createDraft(t, s, "v1.0.0")
	if got := s.Tags("o", "r"); len(got) != 0 {
		t.Fatalf("tags after draft = %v, want none", got)
	}
	st, _, _ := do(t, s, "GET", s.APIURL()+"repos/o/r/git/ref/tags/v1.0.0", writeTok, "")
	if st != 404 {
		t.Errorf("tag ref before publish = %d, want 404", st)
	}
	do(t, s, "PATCH", fmt.Sprintf("%srepos/o/r/releases/%d", s.APIURL(), id), writeTok, `{"draft":false}`)
	if got, _, _ := do(t, s, "GET", s.APIURL()+"repos/o/r/git/ref/tags/v1.0.0", writeTok, ""); got != 200 {
		t.Errorf("tag ref after publish = %d, want 200", got)
	}
}

func TestPagination(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{})
	for i := range 5 {
		s.AddRelease("o", "r", Release{Tag: fmt.Sprintf("v1.0.%d", i)})
	}
	url := s.APIURL() + "repos/o/r/releases?per_page=2"
	pages := 0
	for url != "" {
		st, hdr, body := do(t, s, "GET", url, "", "")
		if st != 200 {
			t.Fatalf("GET %s = %d", url, st)
		}
		if n := len(decode[[]relJSON](t, body)); n == 0 || n > 2 {
			t.Errorf("page %d has %d releases, want 1 or 2", pages+1, n)
		}
		pages++
		url = nextLink(hdr.Get("Link"))
	}
	if pages != 3 {
		t.Errorf("pages = %d, want 3", pages)
	}
}

func nextLink(h string) string {
	for _, part := range strings.Split(h, ",") {
		if strings.Contains(part, `rel="next"`) {
			return strings.Trim(strings.TrimSpace(strings.Split(part, ";")[0]), "<>")
		}
	}
	return ""
}

func TestLatestRelease(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{})
	s.AddRelease("o", "r", Release{Tag: "v1.0.0"})
	s.AddRelease("o", "r", Release{Tag: "v1.1.0"})
	s.AddRelease("o", "r", Release{Tag: "v1.2.0-rc.0", Prerelease: true})
	s.AddRelease("o", "r", Release{Tag: "v0.9.9", MakeLatest: "false"})
	s.AddRelease("o", "r", Release{Tag: "v2.0.0", Draft: true})
	_, _, body := do(t, s, "GET", s.APIURL()+"repos/o/r/releases/latest", writeTok, "")
	if got := decode[relJSON](t, body).Tag; got != "v1.1.0" {
		t.Errorf("latest = %q, want v1.1.0", got)
	}
}
