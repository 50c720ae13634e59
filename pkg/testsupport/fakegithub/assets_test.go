package fakegithub

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

func uploadURL(s *Server, id int64, name string) string {
	return fmt.Sprintf("%srepos/o/r/releases/%d/assets?name=%s", s.UploadURL(), id, name)
}

func TestUploadAndDownload(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{})
	id := createDraft(t, s, "v1.0.0")
	st, _, body := do(t, s, "POST", uploadURL(s, id, "a.yaml"), writeTok, "hello")
	if st != http.StatusCreated {
		t.Fatalf("upload = %d %s", st, body)
	}
	assetID := decode[struct {
		ID int64 `json:"id"`
	}](t, body).ID
	st, _, body = do(t, s, "POST", uploadURL(s, id, "a.yaml"), writeTok, "other")
	if st != 422 || !strings.Contains(body, `"resource":"ReleaseAsset"`) {
		t.Errorf("duplicate upload = %d %s, want 422 ReleaseAsset already_exists", st, body)
	}
	assetURL := fmt.Sprintf("%srepos/o/r/releases/assets/%d", s.APIURL(), assetID)
	st, hdr, _ := do(t, s, "GET", assetURL, writeTok, "", "Accept", "application/octet-stream")
	if st != http.StatusFound {
		t.Fatalf("asset download = %d, want 302", st)
	}
	if st, _, body = do(t, s, "GET", hdr.Get("Location"), "", ""); st != 200 || body != "hello" {
		t.Errorf("redirect target = %d %q, want 200 \"hello\"", st, body)
	}
	if st, _, _ = do(t, s, "GET", assetURL, readTok, "", "Accept", "application/octet-stream"); st != 404 {
		t.Errorf("draft asset for read-only token = %d, want 404", st)
	}
}

func TestImmutableRelease(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{ImmutableReleases: true})
	id := createDraft(t, s, "v1.0.0")
	do(t, s, "POST", uploadURL(s, id, "a.yaml"), writeTok, "hello")
	do(t, s, "PATCH", fmt.Sprintf("%srepos/o/r/releases/%d", s.APIURL(), id), writeTok, `{"draft":false}`)
	rel := s.Releases("o", "r")[0]
	if !rel.Immutable || rel.Draft {
		t.Fatalf("published release = draft %v immutable %v, want published immutable", rel.Draft, rel.Immutable)
	}
	st, _, body := do(t, s, "POST", uploadURL(s, id, "b.yaml"), writeTok, "x")
	if st != 422 || !strings.Contains(body, "immutable") {
		t.Errorf("upload to immutable = %d %s, want 422 immutable", st, body)
	}
	del := fmt.Sprintf("%srepos/o/r/releases/assets/%d", s.APIURL(), rel.Assets[0].ID)
	if st, _, _ = do(t, s, "DELETE", del, writeTok, ""); st != 422 {
		t.Errorf("delete from immutable = %d, want 422", st)
	}
}

func TestFaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		fault      Fault
		wantStatus int
		wantHeader string
	}{
		{"status", Fault{Route: RouteGetRepo, Kind: FaultStatus}, 502, ""},
		{"primary", Fault{Route: RouteGetRepo, Kind: FaultPrimaryRateLimit}, 403, "X-Ratelimit-Remaining"},
		{"secondary", Fault{Route: RouteGetRepo, Kind: FaultSecondaryRateLimit, RetryAfter: 3e9}, 403, "Retry-After"},
		{"429", Fault{Route: RouteGetRepo, Kind: FaultTooManyRequests, RetryAfter: 1e9}, 429, "Retry-After"},
		{"second hit", Fault{Route: RouteGetRepo, Nth: 2, Kind: FaultStatus, Status: 503}, 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFake(t, RepoOptions{})
			s.Inject(tt.fault)
			st, hdr, _ := do(t, s, "GET", s.APIURL()+"repos/o/r", writeTok, "")
			if st != tt.wantStatus {
				t.Errorf("first GET = %d, want %d", st, tt.wantStatus)
			}
			if tt.wantHeader != "" && hdr.Get(tt.wantHeader) == "" {
				t.Errorf("header %s missing", tt.wantHeader)
			}
			if st, _, _ := do(t, s, "GET", s.APIURL()+"repos/o/r", writeTok, ""); st == 200 && tt.fault.Nth == 2 {
				t.Errorf("second GET = 200, want the injected 503")
			}
		})
	}
}

func TestResetMidUploadLeavesStarter(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{})
	id := createDraft(t, s, "v1.0.0")
	s.Inject(Fault{Route: RouteUploadAsset, Kind: FaultReset, Partial: true})
	req, _ := http.NewRequest("POST", uploadURL(s, id, "a.yaml"), strings.NewReader(strings.Repeat("x", 1000)))
	req.Header.Set("Authorization", "Bearer "+writeTok)
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("upload with reset = %d, want a connection error", resp.StatusCode)
	}
	a := s.Releases("o", "r")[0].Assets
	if len(a) != 1 || a[0].State != "starter" || len(a[0].Data) != 500 {
		t.Errorf("assets after reset = %+v, want one starter asset with 500 bytes", a)
	}
}

func TestLogNeverHoldsToken(t *testing.T) {
	t.Parallel()
	s := newFake(t, RepoOptions{})
	do(t, s, "GET", s.APIURL()+"repos/o/r", writeTok, "")
	do(t, s, "GET", s.APIURL()+"repos/o/r", "", "")
	log := s.Log()
	if len(log) != 2 || !log[0].Auth || log[1].Auth || log[0].Route != RouteGetRepo {
		t.Fatalf("log = %+v, want two get-repo entries, the first authenticated", log)
	}
	if text := fmt.Sprintf("%+v", log); strings.Contains(text, writeTok) {
		t.Errorf("log contains the token: %s", text)
	}
}
