package cli

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// runEnv runs the command line in-process with exactly the given environment
// variables (nothing from the process), so tests stay parallel-safe.
func runEnv(t testing.TB, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), args, Env{Getenv: MapEnv(env), Stdout: &out, Stderr: &errOut})
	return code, out.String(), errOut.String()
}

func TestEnvIsInjected(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	var got atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Store(r.Header.Get("PRIVATE-TOKEN"))
		http.Error(w, "no", http.StatusUnauthorized)
	}))
	t.Cleanup(srv.Close)
	base := []string{"publish", "gitlab", "--url", srv.URL, "--project", "g/p", "--dry-run", "--from", dist}
	code, _, stderr := runEnv(t, nil, base...)
	if code != ExitUsage || !strings.Contains(stderr, "no GitLab token") {
		t.Fatalf("empty environment: exit %d, %s", code, stderr)
	}
	code, _, stderr = runEnv(t, map[string]string{"GITLAB_TOKEN": "glpat_INJECTED"}, base...)
	if strings.Contains(stderr, "no GitLab token") || strings.Contains(stderr, "glpat_INJECTED") {
		t.Fatalf("injected token not used (exit %d): %s", code, stderr)
	}
	if tok, _ := got.Load().(string); tok != "glpat_INJECTED" {
		t.Fatalf("server saw token %q, want the injected one", tok)
	}
}

func TestEnvZeroValueIsSafe(t *testing.T) {
	t.Parallel()
	if code := Run(context.Background(), []string{"version"}, Env{}); code != ExitOK {
		t.Fatalf("version with a zero Env: exit %d", code)
	}
	var none context.Context // a nil context must not panic
	if code := Run(none, []string{"version"}, Env{}); code != ExitOK {
		t.Fatalf("version with a nil context: exit %d", code)
	}
}
