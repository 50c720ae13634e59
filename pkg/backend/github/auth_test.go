package github

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

func TestAuthErrorsExplain(t *testing.T) {
	t.Parallel()
	s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0"))
	tests := []struct {
		name      string
		token     string
		preflight bool
		want      []string
	}{
		{"no token", "", true, []string{"needs a GitHub token", "acme/capx", "contents: write"}},
		{"bad token", "ghp_unknown", true, []string{"rejected the token", "401", "acme/capx", "contents: write"}},
		{"read-only token in preflight", readOnly, true, []string{"can read acme/capx but not write", "contents: write"}},
		{"read-only token through Publish (which always preflights)", readOnly, false, []string{"can read acme/capx but not write", "contents: write"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, fakegithub.RepoOptions{})
			o := e.opts()
			o.Token = tt.token
			p := e.publisher(t, o)
			var err error
			if tt.preflight {
				err = p.Preflight(context.Background(), s, publish.Policy{})
			} else {
				_, err = run(t, p, s)
			}
			checkErr(t, err, tt.want)
			if len(e.sleeps.all()) != 0 {
				t.Errorf("auth errors were retried: %v", e.sleeps.all())
			}
		})
	}
}

func TestPermissionErrorsAreTyped(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	o := e.opts()
	o.Token = "ghp_unknown"
	err := e.publisher(t, o).Preflight(context.Background(), set(provider("capx", layout.InfrastructureProvider, "v1.0.0")), publish.Policy{})
	if !errors.Is(err, fs.ErrPermission) {
		t.Errorf("Preflight() error = %v, want errors.Is fs.ErrPermission", err)
	}
}

// TestTokenNeverLeaks makes the fake echo the Authorization header into every error
// body and checks that no error, report or log holds the token.
func TestTokenNeverLeaks(t *testing.T) {
	t.Parallel()
	const secret = "ghp_LEAKME_0123456789"
	tests := []struct {
		name  string
		perm  fakegithub.Permission
		fault *fakegithub.Fault
	}{
		{"unknown token 401", -1, nil},
		{"read-only 403", fakegithub.Read, nil},
		{"422 on create", fakegithub.Write, &fakegithub.Fault{Route: fakegithub.RouteCreateRelease, Kind: fakegithub.FaultStatus, Status: 422}},
		{"500 on upload", fakegithub.Write, &fakegithub.Fault{Route: fakegithub.RouteUploadAsset, Kind: fakegithub.FaultStatus, Count: 99}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, fakegithub.RepoOptions{})
			e.fake.EchoAuth(true)
			if tt.perm >= 0 {
				e.fake.AddToken(secret, tt.perm)
			}
			if tt.fault != nil {
				e.fake.Inject(*tt.fault)
			}
			o := e.opts()
			o.Token, o.Retry.MaxAttempts = secret, 2
			captured := leakSurface(t, e, o)
			if strings.Contains(captured, secret) {
				t.Errorf("token leaked:\n%s", captured)
			}
			if !strings.Contains(captured, redacted) {
				t.Errorf("the echoed token was not seen and redacted, so the test proves nothing:\n%s", captured)
			}
		})
	}
}

// leakSurface publishes, reads back and returns every error, report and log line.
func leakSurface(t *testing.T, e *env, o Options) string {
	t.Helper()
	ctx := context.Background()
	s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0"))
	p := e.publisher(t, o)
	var b strings.Builder
	fmt.Fprintln(&b, p.Preflight(ctx, s, publish.Policy{}), p.String())
	rep, err := publish.Publish(ctx, s, p, publish.Policy{})
	js, _ := json.Marshal(rep)
	rep.WriteText(&b)
	fmt.Fprintln(&b, err, string(js))
	r, _ := NewRepo(o)
	_, err = r.File(ctx, "v1.0.0", "metadata.yaml")
	_, verr := r.Versions(ctx)
	fmt.Fprintln(&b, err, verr, fmt.Sprintf("%+v %+v %+v %#v", p, r, o, o))
	fmt.Fprintf(&b, "%+v\n", e.fake.Log())
	return b.String()
}
