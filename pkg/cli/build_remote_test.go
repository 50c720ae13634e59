package cli

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/remote"
)

// build downloads a pinned remote resource once into $XDG_CACHE_HOME/capirepo and
// builds from the cache with --offline once the server is gone.
func TestBuildRemoteResourceCacheAndOffline(t *testing.T) {
	t.Parallel()
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-remote\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, cm) }))
	url := srv.URL + "/extra.yaml"
	dir := sampleTree(t, func(f map[string]string) {
		f["config/kustomization.yaml"] = "namespace: tiny-system\nresources: [all.yaml, " + url + "]\n"
		f["capirepo.yaml"] += fmt.Sprintf("remoteResources:\n- {url: %s, sha256: %s}\n", url, remote.Sum([]byte(cm)))
	})
	cache := t.TempDir()
	env := map[string]string{"XDG_CACHE_HOME": cache}
	args := []string{"build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", filepath.Join(dir, "dist")}
	if code, _, stderr := runEnv(t, env, args...); code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(cache, "capirepo", "remote", remote.Sum([]byte(cm)))); err != nil {
		t.Fatalf("not cached: %v", err)
	}
	srv.Close()
	if code, _, stderr := runEnv(t, env, append(args, "--offline")...); code != ExitOK {
		t.Fatalf("offline build exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "dist", "bootstrap-tiny", "v1.0.0", "bootstrap-components.yaml"))
	if !strings.Contains(string(data), "from-remote") {
		t.Error("the remote resource is not in the components")
	}
	code, _, stderr := runEnv(t, map[string]string{"XDG_CACHE_HOME": t.TempDir()}, append(args, "--offline")...)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if last := lines[len(lines)-1]; code != ExitInput || !strings.HasPrefix(last, "error: ") || !strings.Contains(last, "--offline") {
		t.Fatalf("offline build without cache: exit %d, stderr %q", code, stderr)
	}
}
