package gitlab

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

func TestTokenKinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, token, kind, wantAuth string
		wantRoutes                  []string // routes that must appear
		noRoute                     string   // route that must not appear
	}{
		{"job token", testJob, TokenJob, fakegitlab.AuthJob,
			[]string{fakegitlab.RoutePackages, fakegitlab.RouteUpload}, ""},
		{"deploy token probes by download", testDeploy, TokenDeploy, fakegitlab.AuthDeploy,
			[]string{fakegitlab.RouteDownload, fakegitlab.RouteUpload}, fakegitlab.RoutePackages},
		{"access token", testPAT, TokenPrivate, fakegitlab.AuthPrivate,
			[]string{fakegitlab.RouteProject, fakegitlab.RoutePackages, fakegitlab.RouteUpload}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFake(t)
			o := options(s, &sleeps{})
			o.Token, o.TokenKind = tt.token, tt.kind
			set := testSet(t, "v1.2.3")
			if _, err := publishTo(t, o, set); err != nil {
				t.Fatalf("Publish: %v", err)
			}
			rep, err := publishTo(t, o, set)
			if err != nil || rep.Count(publish.Skipped) != 3 {
				t.Fatalf("re-run: err %v, skipped %d, want 3", err, rep.Count(publish.Skipped))
			}
			seen := map[string]bool{}
			for _, r := range s.Requests() {
				seen[r.Route] = true
				if r.Auth != tt.wantAuth {
					t.Errorf("%s %s sent auth %q, want %q", r.Method, r.Path, r.Auth, tt.wantAuth)
				}
			}
			for _, r := range tt.wantRoutes {
				if !seen[r] {
					t.Errorf("no %s request", r)
				}
			}
			if tt.noRoute != "" && seen[tt.noRoute] {
				t.Errorf("unexpected %s request", tt.noRoute)
			}
		})
	}
}

func TestClearErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, project, token, kind string
		want                       []string
	}{
		{"unknown token", testProject, "wrong-SECRET", TokenPrivate, []string{"401", testProject, "not expired"}},
		{"unknown job token", testProject, "wrong-SECRET", TokenJob, []string{"401", testProject, "token kind"}},
		{"read-only token", testProject, testRO, TokenPrivate, []string{"403", testProject, "Developer role"}},
		{"read-only deploy token", testProject, testDeployRO, TokenDeploy, []string{"403", testProject, "write_package_registry"}},
		{"unknown project", "no/such", testPAT, TokenPrivate, []string{"404", "no/such", "path (group/name) or id"}},
		{"unknown project, job token", "no/such", testJob, TokenJob, []string{"404", "no/such"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFake(t)
			o := options(s, &sleeps{})
			o.Project, o.Token, o.TokenKind = tt.project, tt.token, tt.kind
			_, err := publishTo(t, o, testSet(t, "v1.2.3"))
			if err == nil {
				t.Fatal("Publish succeeded, want an error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "SECRET") {
				t.Errorf("error shows the token: %v", err)
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		retryAfter string
		wantErr    string
		wantWaits  []time.Duration
	}{
		{"honoured", "7", "", []time.Duration{7 * time.Second}},
		{"longer than the limit", "3600", "more than the 2m0s limit", nil},
		{"absent: exponential backoff", "", "", []time.Duration{time.Second, 2 * time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFake(t)
			s.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Count: len(tt.wantWaits), Status: 429, RetryAfter: tt.retryAfter})
			sl := &sleeps{}
			_, err := publishTo(t, options(s, sl), testSet(t, "v1.2.3"))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), "run again later") {
					t.Fatalf("error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := sl.got(); fmt.Sprint(got) != fmt.Sprint(tt.wantWaits) {
				t.Errorf("waits = %v, want %v", got, tt.wantWaits)
			}
		})
	}
}

func TestTokenNeverShown(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		fault fakegitlab.Fault
	}{
		{"upload error echoes headers", fakegitlab.Fault{Route: fakegitlab.RouteUpload, Count: 99, Status: 500, EchoHeaders: true}},
		{"listing error echoes headers", fakegitlab.Fault{Route: fakegitlab.RoutePackages, Count: 99, Status: 400, EchoHeaders: true}},
		{"project lookup 403 echoes headers", fakegitlab.Fault{Route: fakegitlab.RouteProject, Count: 99, Status: 403, EchoHeaders: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFake(t)
			s.Inject(tt.fault)
			rep, err := publishTo(t, options(s, &sleeps{}), testSet(t, "v1.2.3"))
			if err == nil {
				t.Fatal("Publish succeeded, want the injected error")
			}
			out, _ := json.Marshal(rep)
			var text strings.Builder
			rep.WriteText(&text)
			for what, s := range map[string]string{"error": err.Error(), "report JSON": string(out), "report text": text.String()} {
				if strings.Contains(s, testPAT) {
					t.Errorf("%s shows the token: %s", what, s)
				}
			}
			if !strings.Contains(err.Error(), "[REDACTED]") {
				t.Errorf("error %q: want the echoed token replaced by [REDACTED]", err)
			}
		})
	}
}
