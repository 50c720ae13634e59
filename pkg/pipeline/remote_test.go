package pipeline

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/capirepo/capirepo/pkg/remote"
)

const remoteCM = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-remote\n  namespace: tiny-system\n"

// serve answers /crds.yaml with remoteCM on loopback and counts the requests.
func serve(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Path != "/crds.yaml" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, remoteCM)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/crds.yaml", &hits
}

func kustomizationWith(url string) map[string]string {
	return map[string]string{"repo/config/kustomization.yaml": "resources:\n- all.yaml\n- " + url + "\n"}
}

func TestRemoteResourcePinnedIsDownloadedOnceThenCached(t *testing.T) {
	t.Parallel()
	url, hits := serve(t)
	cfg := project(t, fmt.Sprintf("remoteResources:\n- {url: %s, sha256: %s}\n", url, remote.Sum([]byte(remoteCM))), kustomizationWith(url))
	opts := Options{CacheDir: t.TempDir()}
	for i, offline := range []bool{false, true, false} {
		opts.Offline = offline
		res, err := build(t, cfg, opts)
		if err != nil {
			t.Fatalf("build %d: %v", i, err)
		}
		if c := res.Set.Releases[0].File("infrastructure-components.yaml"); c == nil || !strings.Contains(string(c.Data), "from-remote") {
			t.Fatalf("build %d: the remote resource is not in the components", i)
		}
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("server hit %d times, want 1 (later builds use the cache)", n)
	}
}

func TestRemoteResourceFromVendoredFileIsOffline(t *testing.T) {
	t.Parallel()
	url, hits := serve(t)
	files := kustomizationWith(url)
	files["repo/vendor/crds.yaml"] = remoteCM
	cfg := project(t, fmt.Sprintf("remoteResources:\n- url: %s\n  sha256: %s\n  file: vendor/crds.yaml\n", url, remote.Sum([]byte(remoteCM))), files)
	if _, err := build(t, cfg, Options{Offline: true}); err != nil {
		t.Fatal(err)
	}
	if hits.Load() != 0 {
		t.Error("a vendored remote resource was downloaded")
	}
}

func TestRemoteResourceRefusals(t *testing.T) {
	t.Parallel()
	url, _ := serve(t)
	sum := remote.Sum([]byte(remoteCM))
	wrong := strings.Repeat("0", 64)
	cases := []struct {
		name, pins string
		files      map[string]string
		opts       Options
		want       []string
	}{
		{"mismatch", fmt.Sprintf("remoteResources:\n- {url: %s, sha256: %s}\n", url, wrong), kustomizationWith(url), Options{},
			[]string{url, "expected " + wrong, "actual " + sum}},
		{"vendored mismatch", fmt.Sprintf("remoteResources:\n- {url: %s, sha256: %s, file: v.yaml}\n", url, wrong),
			map[string]string{"repo/config/kustomization.yaml": "resources: [all.yaml, " + url + "]\n", "repo/v.yaml": remoteCM}, Options{Offline: true},
			[]string{url, "expected " + wrong, "actual " + sum}},
		{"unpinned", "", kustomizationWith(url), Options{},
			[]string{"is not pinned", fmt.Sprintf("- {url: %s, sha256: %s}", url, sum)}},
		{"offline without cache", fmt.Sprintf("remoteResources:\n- {url: %s, sha256: %s}\n", url, sum), kustomizationWith(url), Options{Offline: true},
			[]string{url, "--offline"}},
		{"git base", "", kustomizationWith("github.com/example/repo//config?ref=v1.0.0"), Options{},
			[]string{"remote git base", "github.com/example/repo//config?ref=v1.0.0", "vendor the folder"}},
		{"https git base", "", kustomizationWith("https://github.com/example/repo//config?ref=v1.0.0"), Options{},
			[]string{"remote git base"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg := project(t, c.pins, c.files)
			c.opts.CacheDir = t.TempDir()
			_, err := build(t, cfg, c.opts)
			for _, w := range c.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Fatalf("err = %v, want it to contain %q", err, w)
				}
			}
		})
	}
}

// CAPZ's shape: a kustomize Component (config/aso) names the remote release file.
func TestRemoteResourceInAComponent(t *testing.T) {
	t.Parallel()
	url, _ := serve(t)
	cfg := project(t, fmt.Sprintf("remoteResources:\n- {url: %s, sha256: %s}\n", url, remote.Sum([]byte(remoteCM))), map[string]string{
		"repo/config/kustomization.yaml": "resources: [all.yaml]\ncomponents: [../aso]\n",
		"repo/aso/kustomization.yaml":    "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n- " + url + "\n",
	})
	res, err := build(t, cfg, Options{CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Set.Releases[0].File("infrastructure-components.yaml"); c == nil || !strings.Contains(string(c.Data), "from-remote") {
		t.Fatal("the remote resource of the component is not in the components")
	}
}

func TestUnusedPinIsANote(t *testing.T) {
	t.Parallel()
	cfg := project(t, "remoteResources:\n- {url: https://example.invalid/stale.yaml, sha256: "+strings.Repeat("a", 64)+"}\n", nil)
	res, err := build(t, cfg, Options{Offline: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(res.Notes, "\n"), "https://example.invalid/stale.yaml is named by no kustomization") {
		t.Fatalf("notes = %v", res.Notes)
	}
}
