package fakegitlab

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

const filePath = "/api/v4/projects/group%2Fname/packages/generic/core/v1.0.0/a.yaml"

func newServer(t *testing.T) *Server {
	t.Helper()
	s := New(t)
	s.AddProject(Project{ID: 7, Path: "group/name"})
	s.AddProject(Project{ID: 8, Path: "pub/lic", Public: true})
	s.AddToken(Token{Value: "pat", Kind: PersonalToken})
	s.AddToken(Token{Value: "guest", Kind: PersonalToken, ReadOnly: true})
	s.AddToken(Token{Value: "job", Kind: JobToken})
	s.AddToken(Token{Value: "dep-ro", Kind: DeployToken, ReadOnly: true})
	s.AddToken(Token{Value: "outsider", Kind: PersonalToken, Projects: []string{"other/x"}})
	return s
}

func call(t *testing.T, s *Server, method, path, body string, hdr ...string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

func TestAuth(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	s.Seed("group/name", "core", "v1.0.0", "a.yaml", []byte("x"))
	s.Seed("pub/lic", "core", "v1.0.0", "a.yaml", []byte("x"))
	pub := strings.Replace(filePath, "group%2Fname", "8", 1)
	tests := []struct {
		name, method, path string
		hdr                []string
		want               int
	}{
		{"PAT upload", "PUT", filePath, []string{"Private-Token", "pat"}, 201},
		{"job token upload", "PUT", filePath, []string{"Job-Token", "job"}, 201},
		{"read-only deploy token upload", "PUT", filePath, []string{"Deploy-Token", "dep-ro"}, 403},
		{"read-only deploy token download", "GET", filePath, []string{"Deploy-Token", "dep-ro"}, 200},
		{"guest upload", "PUT", filePath, []string{"Private-Token", "guest"}, 403},
		{"unknown token", "GET", filePath, []string{"Private-Token", "nope"}, 401},
		{"unknown token on public", "GET", pub, []string{"Private-Token", "nope"}, 401},
		{"PAT in job header", "GET", filePath, []string{"Job-Token", "pat"}, 401},
		{"anonymous private download", "GET", filePath, nil, 401},
		{"anonymous public download", "GET", pub, nil, 200},
		{"anonymous public upload", "PUT", pub, nil, 401},
		{"bearer download", "GET", filePath, []string{"Authorization", "Bearer pat"}, 200},
		{"non-member private", "GET", filePath, []string{"Private-Token", "outsider"}, 404},
		{"non-member public upload", "PUT", pub, []string{"Private-Token", "outsider"}, 403},
		{"bad basic auth on public read", "GET", pub, []string{"Authorization", "Basic dTpiYWQ="}, 200},
		{"deploy token on projects API", "GET", "/api/v4/projects/7", []string{"Deploy-Token", "dep-ro"}, 404},
		{"anonymous private project", "GET", "/api/v4/projects/7", nil, 404},
		{"unknown project", "GET", "/api/v4/projects/no%2Fsuch", []string{"Private-Token", "pat"}, 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, body, _ := call(t, s, tt.method, tt.path, "y", tt.hdr...); got != tt.want {
				t.Errorf("status = %d (%s), want %d", got, body, tt.want)
			}
		})
	}
}

func TestDuplicates(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	for _, body := range []string{"first", "second"} {
		if code, b, _ := call(t, s, "PUT", filePath, body, "Private-Token", "pat"); code != 201 || !strings.Contains(b, "201 Created") {
			t.Fatalf("upload %s = %d %s", body, code, b)
		}
	}
	if got := len(s.Files("7", "core", "v1.0.0")); got != 2 {
		t.Errorf("stored %d files, want both duplicates", got)
	}
	_, got, hdr := call(t, s, "GET", filePath, "", "Private-Token", "pat")
	if got != "second" || hdr.Get("X-Checksum-SHA256") == "" {
		t.Errorf("download = %q (checksum %q), want the newest duplicate", got, hdr.Get("X-Checksum-SHA256"))
	}
	s.SetDisallowDuplicates("group/name", true)
	code, b, _ := call(t, s, "PUT", filePath, "third", "Private-Token", "pat")
	if code != 400 || !strings.Contains(b, "Duplicate package is not allowed") {
		t.Errorf("duplicate upload = %d %s, want 400 Duplicate package is not allowed", code, b)
	}
}

func TestSelectPackageFileAndListing(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	code, b, _ := call(t, s, "PUT", "/api/v4/projects/7/packages/generic/core/v1%2E0%2E0/b%2Eyaml?select=package_file", "abc", "Private-Token", "pat")
	var pf struct {
		FileName   string `json:"file_name"`
		Size       int    `json:"size"`
		FileSHA256 string `json:"file_sha256"`
		PackageID  int64  `json:"package_id"`
	}
	if err := json.Unmarshal([]byte(b), &pf); err != nil || code != 201 {
		t.Fatalf("upload = %d %s (%v)", code, b, err)
	}
	if pf.FileName != "b.yaml" || pf.Size != 3 || pf.FileSHA256 != (File{Data: []byte("abc")}).SHA256() {
		t.Errorf("package file = %+v", pf)
	}
	code, b, hdr := call(t, s, "GET", "/api/v4/projects/7/packages?package_type=generic&package_name=cor&per_page=1", "", "Private-Token", "pat")
	if code != 200 || !strings.Contains(b, `"version":"v1.0.0"`) || hdr.Get("X-Total-Pages") != "1" {
		t.Errorf("list packages = %d %s %v", code, b, hdr)
	}
	code, b, _ = call(t, s, "GET", "/api/v4/projects/7/packages/"+formatID(pf.PackageID)+"/package_files", "", "Private-Token", "pat")
	if code != 200 || !strings.Contains(b, `"file_sha256":"`+pf.FileSHA256) {
		t.Errorf("list files = %d %s", code, b)
	}
}

func TestPagination(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	for _, v := range []string{"v1.0.0", "v1.1.0", "v1.2.0"} {
		s.Seed("7", "core", v, "a.yaml", []byte(v))
	}
	_, b, hdr := call(t, s, "GET", "/api/v4/projects/7/packages?per_page=2&page=1", "", "Private-Token", "pat")
	if hdr.Get("X-Next-Page") != "2" || hdr.Get("X-Total-Pages") != "2" || strings.Contains(b, "v1.2.0") {
		t.Errorf("page 1 headers %v body %s", hdr, b)
	}
	_, b, hdr = call(t, s, "GET", "/api/v4/projects/7/packages?per_page=2&page=2", "", "Private-Token", "pat")
	if hdr.Get("X-Next-Page") != "" || !strings.Contains(b, "v1.2.0") {
		t.Errorf("page 2 headers %v body %s", hdr, b)
	}
}

func TestValidation(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	tests := []struct{ name, path, want string }{
		{"version with ..", "/api/v4/projects/7/packages/generic/core/v1..0/a.yaml", "package_version is invalid"},
		{"file with ~ at end", "/api/v4/projects/7/packages/generic/core/v1/a.yaml~", "file_name is invalid"},
		{"name with space", "/api/v4/projects/7/packages/generic/co%20re/v1/a.yaml", "package_name is invalid"},
		{"bad status", "/api/v4/projects/7/packages/generic/core/v1/a.yaml?status=gone", "status does not have a valid value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if code, b, _ := call(t, s, "PUT", tt.path, "x", "Private-Token", "pat"); code != 400 || !strings.Contains(b, tt.want) {
				t.Errorf("got %d %s, want 400 %s", code, b, tt.want)
			}
		})
	}
}

func TestFaultsAndLog(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	s.Inject(Fault{Route: RouteUpload, Nth: 2, Status: 429, RetryAfter: "3"})
	s.Inject(Fault{Route: RouteUpload, Nth: 3, Reset: true})
	s.Inject(Fault{Route: RouteUpload, Nth: 4, Status: 502, AfterHandling: true})
	want := []int{201, 429, 0, 502, 201}
	for i, w := range want {
		req, _ := http.NewRequest("PUT", s.URL+filePath, strings.NewReader("data"))
		req.Header.Set("Job-Token", "job")
		resp, err := s.Client().Do(req)
		got := 0
		if err == nil {
			got = resp.StatusCode
			if w == 429 && resp.Header.Get("Retry-After") != "3" {
				t.Errorf("request %d: Retry-After = %q", i, resp.Header.Get("Retry-After"))
			}
			resp.Body.Close()
		}
		if got != w {
			t.Errorf("request %d: status %d (err %v), want %d", i, got, err, w)
		}
	}
	if n := len(s.Files("7", "core", "v1.0.0")); n != 3 {
		t.Errorf("stored %d files, want 3 (first, the one answered 502 after storing, last)", n)
	}
	log := s.Requests()
	if len(log) != 5 || log[2].Status != 0 || log[0].Auth != AuthJob || log[0].File != "a.yaml" || log[0].Project != "group/name" {
		t.Errorf("log = %+v", log)
	}
}
