package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/spf13/cobra"
)

// TestLintReleasePicksMainComponents: with a main and a variant components file, verify
// lints the release as having the recommended file, whatever the map order.
func TestLintReleasePicksMainComponents(t *testing.T) {
	t.Parallel()
	rel := filepath.Join(builtTiny(t), "bootstrap-tiny", "v1.0.0")
	files := map[string][]byte{}
	for _, n := range []string{"metadata.yaml", "bootstrap-components.yaml"} {
		data, err := os.ReadFile(filepath.Join(rel, n))
		if err != nil {
			t.Fatal(err)
		}
		files[n] = data
	}
	files["bootstrap-components-development.yaml"] = files["bootstrap-components.yaml"]
	for i := 0; i < 20; i++ {
		for _, f := range check.RepoFiles("bootstrap-tiny", "v1.0.0", files) {
			if f.Rule == "components-file-name" {
				t.Fatalf("run %d: the variant was taken as the components file: %v", i, f)
			}
		}
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestVerifyGitLabAcceptedForm checks that a URL of the form clusterctl accepts gets
// past parsing and is read over the network, from its own host, with the token. The
// injected transport answers 404 without dialling, so nothing resolves DNS.
func TestVerifyGitLabAcceptedForm(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var seen []string
	client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		seen = append(seen, r.URL.Host+" "+r.Header.Get("Private-Token"))
		mu.Unlock()
		return &http.Response{StatusCode: http.StatusNotFound, Header: http.Header{}, Request: r,
			Body: io.NopCloser(strings.NewReader(`{"message":"404 Project Not Found"}`))}, nil
	})}
	var out, errOut bytes.Buffer
	s := streams{out: &out, err: &errOut, getenv: MapEnv(map[string]string{"GITLAB_ACCESS_TOKEN": glSecret})}
	o := &verifyOptions{format: "text", getenv: s.getenv, client: client}
	cmd := &cobra.Command{}
	cmd.SetContext(context.Background())
	raw := "https://gitlab.invalid/api/v4/projects/group%2Fname/packages/generic/bootstrap-tiny/v1.0.0/bootstrap-components.yaml"
	err := o.run(cmd, s, raw)
	if code := exitCode(err); code != ExitPublish || !strings.Contains(err.Error(), "verifying bootstrap-tiny") || !strings.Contains(err.Error(), "gitlab.invalid") {
		t.Fatalf("exit %d, err %v", code, err)
	}
	noSecret(t, glSecret, out.String(), err.Error())
	if len(seen) == 0 || seen[0] != "gitlab.invalid "+glSecret {
		t.Errorf("requests = %v, want the URL's own host with the token", seen)
	}
}

// TestVerifyLocalForms: a build output folder (with its _docs/ and clusterctl.yaml), a
// provider folder, a relative path and a provider URL verify; a missing path exits 3.
func TestVerifyLocalForms(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	docs := filepath.Join(dist, "_docs", "bootstrap-tiny", "v1.0.0")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(docs, "cluster-template.md"), []byte("# Variables\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, dist)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path string
		code       int
		want       string
	}{
		{"build output folder", dist, ExitOK, "usable by: clusterctl v1.7-v1.10, clusterctl v1.11+"},
		{"provider folder", filepath.Join(dist, "bootstrap-tiny"), ExitOK, "bootstrap-tiny (components file bootstrap-components.yaml)"},
		{"relative path", rel, ExitOK, "bootstrap-tiny (components file bootstrap-components.yaml)"},
		{"provider URL", "file://" + filepath.Join(dist, "bootstrap-tiny", "latest", "bootstrap-components.yaml"), ExitOK, "v1.0.0"},
		{"missing path", filepath.Join(dist, "nope"), ExitInput, "does not exist"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := runEnv(t, nil, "verify", c.path)
			if code != c.code || !strings.Contains(stdout+stderr, c.want) || strings.Contains(stdout, "_docs") {
				t.Fatalf("exit %d (want %d), want %q and nothing about _docs:\n%s%s", code, c.code, c.want, stdout, stderr)
			}
		})
	}
}

// TestVerifyOversizedFile: a metadata.yaml over its cap is refused, naming the cap,
// without reading it whole.
func TestVerifyOversizedFile(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	md := filepath.Join(dist, "bootstrap-tiny", "v1.0.0", "metadata.yaml")
	if err := os.WriteFile(md, bytes.Repeat([]byte("#\n"), 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runEnv(t, nil, "verify", dist)
	if code != ExitFindings || !strings.Contains(stdout, "larger than the 1 MiB cap") || !strings.Contains(stdout, md) {
		t.Fatalf("exit %d, want %d naming %s and the 1 MiB cap:\n%s%s", code, ExitFindings, md, stdout, stderr)
	}
}
