package gitlab

import (
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

func newRepo(t *testing.T, s *fakegitlab.Server, token string) *Repo {
	t.Helper()
	r, err := NewRepo(Options{BaseURL: s.URL, Project: testProject, Package: "infrastructure-aws", Token: token,
		HTTPClient: s.Client(), Retry: httpx.Policy{Sleep: (&sleeps{}).sleep}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRepoVersionsAndFiles(t *testing.T) {
	t.Parallel()
	s := newFake(t)
	for _, v := range []string{"v1.2.3", "v1.10.0", "v1.11.0-rc.1", "v1.9.0"} {
		s.Seed(testProject, "infrastructure-aws", v, "metadata.yaml", []byte(v))
	}
	s.Seed(testProject, "infrastructure-aws-extra", "v9.0.0", "metadata.yaml", []byte("other package, same prefix"))
	s.Seed(testProject, "infrastructure-aws", "v1.2.3", "b.yaml", []byte("1"))
	s.Seed(testProject, "infrastructure-aws", "v1.2.3", "b.yaml", []byte("2"))
	r := newRepo(t, s, testPAT)
	got, err := r.Versions(t.Context())
	if want := []string{"v1.10.0", "v1.9.0", "v1.2.3", "v1.11.0-rc.1"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Versions = %v, %v; want %v", got, err, want)
	}
	files, err := r.Files(t.Context(), "v1.2.3")
	if want := []string{"b.yaml", "metadata.yaml"}; err != nil || !slices.Equal(files, want) {
		t.Errorf("Files = %v, %v; want %v", files, err, want)
	}
	if _, err := r.Files(t.Context(), "v0.0.1"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Files of a missing version: %v, want fs.ErrNotExist", err)
	}
}

func TestRepoFileLikeClusterctl(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, token, version, file string
		want                       string
		wantNotExist               bool
		wantErr                    string
		wantAuth                   string
	}{
		{"newest duplicate with bearer", testPAT, "v1.2.3", "b.yaml", "second", false, "", fakegitlab.AuthBearer},
		{"missing file", testPAT, "v1.2.3", "nope.yaml", "", true, "", fakegitlab.AuthBearer},
		{"missing version", testPAT, "v9.9.9", "b.yaml", "", true, "", fakegitlab.AuthBearer},
		{"anonymous on private project", "", "v1.2.3", "b.yaml", "", false, "unauthorized access, please check your credentials", fakegitlab.AuthNone},
		{"job token is not a bearer token", testJob, "v1.2.3", "b.yaml", "", false, "401", fakegitlab.AuthBearer},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFake(t)
			s.Seed(testProject, "infrastructure-aws", "v1.2.3", "b.yaml", []byte("first"))
			s.Seed(testProject, "infrastructure-aws", "v1.2.3", "b.yaml", []byte("second"))
			got, err := newRepo(t, s, tt.token).File(t.Context(), tt.version, tt.file)
			switch {
			case tt.wantNotExist && !errors.Is(err, fs.ErrNotExist):
				t.Errorf("err = %v, want fs.ErrNotExist", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("err = %v, want %q", err, tt.wantErr)
			case !tt.wantNotExist && tt.wantErr == "" && (err != nil || string(got) != tt.want):
				t.Errorf("File = %q, %v; want %q", got, err, tt.want)
			}
			if err != nil && tt.token != "" && strings.Contains(err.Error(), tt.token) {
				t.Errorf("error shows the token: %v", err)
			}
			req := s.Requests()[0]
			wantPath := "/api/v4/projects/group%2Fname/packages/generic/infrastructure-aws/" + tt.version + "/" + tt.file
			if req.Path != wantPath || req.Auth != tt.wantAuth {
				t.Errorf("request %s with auth %q, want %s with %q", req.Path, req.Auth, wantPath, tt.wantAuth)
			}
		})
	}
}

func TestParseURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, url                         string
		base, project, pkg, version, file string
		wantErr                           string
	}{
		{name: "escaped path", url: "https://gitlab.example.com/api/v4/projects/group%2Fsub%2Fname/packages/generic/cluster-api/v1.2.3/core-components.yaml",
			base: "https://gitlab.example.com", project: "group/sub/name", pkg: "cluster-api", version: "v1.2.3", file: "core-components.yaml"},
		{name: "numeric id", url: "https://gitlab.corp/api/v4/projects/42/packages/generic/infrastructure-aws/v2.0.0/infrastructure-components.yaml",
			base: "https://gitlab.corp", project: "42", pkg: "infrastructure-aws", version: "v2.0.0", file: "infrastructure-components.yaml"},
		{name: "unescaped project path has ten segments", url: "https://gitlab.example.com/api/v4/projects/group/name/packages/generic/p/v1.0.0/c.yaml",
			wantErr: "invalid url: a GitLab repository url should be in the form https://{host}/api/v4/projects/{projectSlug}/packages/generic/{packageName}/{defaultVersion}/{componentsPath}"},
		{name: "not packages/generic", url: "https://gitlab.example.com/api/v4/projects/42/packages/maven/p/v1.0.0/c.yaml",
			wantErr: "invalid url: a GitLab repository url"},
		{name: "host without gitlab. prefix", url: "https://git.example.com/api/v4/projects/42/packages/generic/p/v1.0.0/c.yaml",
			wantErr: `invalid provider url. Only GitHub and GitLab are supported for "https" schema`},
		{name: "http", url: "http://gitlab.example.com/api/v4/projects/42/packages/generic/p/v1.0.0/c.yaml",
			wantErr: `Only GitHub and GitLab are supported for "http" schema`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			base, project, pkg, version, file, err := ParseURL(tt.url)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			got := []string{base, project, pkg, version, file}
			if want := []string{tt.base, tt.project, tt.pkg, tt.version, tt.file}; err != nil || !slices.Equal(got, want) {
				t.Errorf("ParseURL = %q, %v; want %q", got, err, want)
			}
		})
	}
}
