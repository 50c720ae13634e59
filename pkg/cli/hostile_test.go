package cli

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// The hostile-server suite: in-process servers on loopback that attack verify and
// mirror with oversized, endless, looping and null listings, failing files and
// silence. Each attack must end within its cap (docs/remote-calls.md), with exit 4
// and a message naming the cap, at bounded memory. These tests are not parallel: the
// peak heap is measured for the process, with no other test running.

// maxPeakHeap is the most heap one attack may add (sampled every 5 ms).
const maxPeakHeap = 256 << 20

// attackLimits are the caps the attacks run under: the defaults, smaller where an
// attack would otherwise take long to reach them on loopback.
var attackLimits = httpx.Limits{Total: 64 << 20, Pages: 50, Deadline: 3 * time.Second}

// attack runs the command line under limits and measures the peak heap it adds.
func attack(t *testing.T, limits httpx.Limits, env map[string]string, args ...string) (int, string, uint64) {
	t.Helper()
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	var out, errOut bytes.Buffer
	ctx := httpx.WithLimits(context.Background(), limits)
	start := time.Now()
	code := Run(ctx, args, Env{Getenv: MapEnv(env), Stdout: &out, Stderr: &errOut})
	close(done)
	took := time.Since(start)
	grown := uint64(0)
	if p := peak.Load(); p > base.HeapAlloc {
		grown = p - base.HeapAlloc
	}
	t.Logf("%s: exit %d in %s, peak heap +%d MiB", strings.Join(args[:1], " "), code, took.Round(time.Millisecond), grown>>20)
	if grown > maxPeakHeap {
		t.Errorf("peak heap grew by %d MiB, over %d MiB", grown>>20, maxPeakHeap>>20)
	}
	return code, out.String() + errOut.String(), grown
}

// wantCap checks an attack's end: exit 4, the cap named, no stack trace.
func wantCap(t *testing.T, code int, output string, cap string) {
	t.Helper()
	if code != ExitPublish || !strings.Contains(output, cap) || strings.Contains(output, "goroutine ") {
		t.Errorf("exit %d, want 4 naming %q:\n%s", code, cap, output)
	}
}

// gzipped compresses data (a bomb when data repeats).
func gzipped(data []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	zw.Close()
	return buf.Bytes()
}

// hostileGitHub is a GitHub API at /api/v3/ whose answers the attack writes.
func hostileGitHub(t *testing.T, h func(w http.ResponseWriter, r *http.Request)) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(h))
	t.Cleanup(srv.Close)
	return srv.URL
}

func verifyHostileGitHub(t *testing.T, limits httpx.Limits, h func(w http.ResponseWriter, r *http.Request), args ...string) (int, string) {
	t.Helper()
	code, out, _ := attack(t, limits, ghEnv, append([]string{"verify", tinyURL, "--github-url", hostileGitHub(t, h)}, args...)...)
	noSecret(t, ghSecret, out)
	return code, out
}

const releasesPath = "/api/v3/repos/" + ghRepo + "/releases"

// A releases listing gzip-bombed with one huge release note is cut at the page cap.
func TestHostileGitHubBomb(t *testing.T) {
	body := []byte(`[{"id":1,"tag_name":"v1.0.0","body":"` + strings.Repeat("a", 64<<20) + `"}]`)
	bomb := gzipped(body)
	body = nil
	code, out := verifyHostileGitHub(t, attackLimits, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(bomb)
	})
	wantCap(t, code, out, "the 16 MiB cap on one listing page or API answer")
}

// A next link back to a page already read, and next links without end.
func TestHostileGitHubPagination(t *testing.T) {
	var requests atomic.Int32
	loop := func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Link", `<http://`+r.Host+releasesPath+`?per_page=100&page=1>; rel="next"`)
		fmt.Fprint(w, `[{"id":1,"tag_name":"v1.0.0"}]`)
	}
	code, out := verifyHostileGitHub(t, attackLimits, loop)
	wantCap(t, code, out, "a next link to a page already read")
	if n := requests.Load(); n != 2 {
		t.Errorf("%d requests, want 2 (page 1, then its next link refused when answered)", n)
	}
	endless := func(w http.ResponseWriter, r *http.Request) {
		var page int
		fmt.Sscan(r.URL.Query().Get("page"), &page)
		w.Header().Set("Link", fmt.Sprintf(`<http://%s%s?page=%d>; rel="next"`, r.Host, releasesPath, page+1))
		fmt.Fprint(w, `[]`)
	}
	code, out = verifyHostileGitHub(t, attackLimits, endless)
	wantCap(t, code, out, "the cap of 50 pages in one listing")
}

// A null release and a null asset are skipped, never a panic.
func TestHostileGitHubNulls(t *testing.T) {
	code, out := verifyHostileGitHub(t, attackLimits, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == releasesPath:
			fmt.Fprint(w, `[null,{"id":1,"tag_name":"v1.0.0"},null]`)
		case strings.HasSuffix(r.URL.Path, "/tags/v1.0.0"):
			fmt.Fprint(w, `{"id":1,"tag_name":"v1.0.0"}`)
		case strings.HasSuffix(r.URL.Path, "/assets"):
			fmt.Fprint(w, `[null]`)
		default:
			http.NotFound(w, r)
		}
	})
	if code != ExitFindings || strings.Contains(out, "goroutine ") || !strings.Contains(out, "repo-metadata-missing") {
		t.Errorf("exit %d, want 1 (the release has no files):\n%s", code, out)
	}
}

// A release of more assets than GitHub serves is refused at the item cap.
func TestHostileGitHubTooManyAssets(t *testing.T) {
	var assets strings.Builder
	for i := range 1001 {
		fmt.Fprintf(&assets, `%s{"id":%d,"name":"f%d.yaml"}`, map[bool]string{true: "", false: ","}[i == 0], i, i)
	}
	code, out := verifyHostileGitHub(t, attackLimits, withAssets("["+assets.String()+"]", http.NotFound))
	wantCap(t, code, out, "the cap of 1000 entries in one listing")
}

// oneRelease serves v1.0.0 with metadata.yaml and the components file, whose
// download the attack answers.
func oneRelease(file func(w http.ResponseWriter, r *http.Request)) func(w http.ResponseWriter, r *http.Request) {
	return withAssets(`[{"id":10,"name":"metadata.yaml"},{"id":11,"name":"bootstrap-components.yaml"}]`, file)
}

// withAssets serves v1.0.0 with the assets listing given; metadata.yaml (asset 10) is
// valid, and file answers every other download.
func withAssets(assets string, file func(w http.ResponseWriter, r *http.Request)) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == releasesPath:
			fmt.Fprint(w, `[{"id":1,"tag_name":"v1.0.0"}]`)
		case strings.HasSuffix(r.URL.Path, "/tags/v1.0.0"):
			fmt.Fprint(w, `{"id":1,"tag_name":"v1.0.0"}`)
		case strings.HasSuffix(r.URL.Path, "/assets"):
			fmt.Fprint(w, assets)
		case strings.HasSuffix(r.URL.Path, "/assets/10"):
			fmt.Fprint(w, "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n")
		default:
			file(w, r)
		}
	}
}

// A 500 on one file is a remote failure (exit 4), and the file is fetched once per
// attempt of the retry policy, not again in a later phase.
func TestHostileGitHubFailingFile(t *testing.T) {
	var gets atomic.Int32
	code, out := verifyHostileGitHub(t, attackLimits, oneRelease(func(w http.ResponseWriter, r *http.Request) {
		gets.Add(1)
		http.Error(w, "boom", http.StatusNotImplemented) // 501: not retried
	}))
	if code != ExitPublish || !strings.Contains(out, "501") {
		t.Errorf("exit %d, want 4 naming the answer:\n%s", code, out)
	}
	if n := gets.Load(); n != 1 {
		t.Errorf("the failing file was fetched %d times, want once", n)
	}
}

// A file that trickles ends at the deadline per remote, named.
func TestHostileGitHubTrickle(t *testing.T) {
	start := time.Now()
	code, out := verifyHostileGitHub(t, attackLimits, oneRelease(func(w http.ResponseWriter, r *http.Request) {
		for {
			if _, err := w.Write([]byte("#")); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}))
	wantCap(t, code, out, "the 3s deadline for all requests to one remote")
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("took %s", took)
	}
}

// Answers each under their caps that add up past the run's total are refused.
func TestHostileGitHubTotal(t *testing.T) {
	big := bytes.Repeat([]byte("# padding\n"), 6<<20/10)
	limits := attackLimits
	limits.Total = 16 << 20
	assets := `[{"id":11,"name":"bootstrap-components.yaml"},{"id":12,"name":"cluster-template-a.yaml"},{"id":13,"name":"cluster-template-b.yaml"},{"id":14,"name":"bootstrap-components-x.yaml"}]`
	code, out := verifyHostileGitHub(t, limits, withAssets(assets, func(w http.ResponseWriter, r *http.Request) { w.Write(big) }))
	wantCap(t, code, out, "the 16 MiB cap on all answers of one run")
}

const glPackages = "/api/v4/projects/group%2Fname/packages"

func verifyHostileGitLab(t *testing.T, h func(w http.ResponseWriter, r *http.Request)) (int, string) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(h))
	t.Cleanup(srv.Close)
	u := "https://gitlab.example.com/api/v4/projects/group%2Fname/packages/generic/bootstrap-tiny/v1.0.0/bootstrap-components.yaml"
	code, out, _ := attack(t, attackLimits, glEnv, "verify", u, "--gitlab-url", srv.URL)
	noSecret(t, glSecret, out)
	return code, out
}

// GitLab: a bombed packages listing, a looping next page, null packages and files.
func TestHostileGitLab(t *testing.T) {
	bomb := gzipped([]byte(`[{"id":1,"name":"bootstrap-tiny","version":"` + strings.Repeat("1", 64<<20) + `"}]`))
	code, out := verifyHostileGitLab(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(bomb)
	})
	wantCap(t, code, out, "the 16 MiB cap on one listing page or API answer")

	code, out = verifyHostileGitLab(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Next-Page", "1")
		fmt.Fprint(w, `[{"id":1,"name":"bootstrap-tiny","version":"v1.0.0"}]`)
	})
	wantCap(t, code, out, "a next link to a page already read")

	code, out = verifyHostileGitLab(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.EscapedPath() == glPackages:
			fmt.Fprint(w, `[null,{"id":1,"name":"bootstrap-tiny","version":"v1.0.0"},null]`)
		case strings.HasSuffix(r.URL.Path, "/package_files"):
			fmt.Fprint(w, `[null]`)
		default:
			http.NotFound(w, r)
		}
	})
	if code != ExitPublish || strings.Contains(out, "goroutine ") || !strings.Contains(out, "has no version v1.0.0") {
		t.Errorf("nulls: exit %d, want 4 (a version without files), no panic:\n%s", code, out)
	}
}

// OCI: a tags/list whose next link loops, and one without end.
func TestHostileOCITags(t *testing.T) {
	serve := func(h func(w http.ResponseWriter, r *http.Request)) string {
		srv := httptest.NewServer(http.HandlerFunc(h))
		t.Cleanup(srv.Close)
		return strings.TrimPrefix(srv.URL, "http://")
	}
	loop := serve(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Link", `</v2/capi/bootstrap-tiny/tags/list?last=a>; rel="next"`)
		fmt.Fprint(w, `{"name":"capi/bootstrap-tiny","tags":["a",null]}`)
	})
	code, out, _ := attack(t, attackLimits, nil, "verify", "--plain-http", "oci://"+loop+"/capi/bootstrap-tiny")
	wantCap(t, code, out, "a next link to a page already read")
	endless := serve(func(w http.ResponseWriter, r *http.Request) {
		last := r.URL.Query().Get("last") + "x"
		w.Header().Set("Link", `</v2/capi/bootstrap-tiny/tags/list?last=`+last+`>; rel="next"`)
		fmt.Fprint(w, `{"name":"capi/bootstrap-tiny","tags":["`+last+`"]}`)
	})
	code, out, _ = attack(t, attackLimits, nil, "verify", "--plain-http", "oci://"+endless+"/capi/bootstrap-tiny")
	wantCap(t, code, out, "the cap of 50 pages in one listing")
}

// Remote text reaches no output raw: an asset name and a server message carrying
// terminal escapes, a forged error: line and workflow commands, under text, -o github,
// SARIF and JSON.
func TestHostileRemoteTextIsEscaped(t *testing.T) {
	const evil = "x\x1b[2J\n::error::forged\nerror: forged\r::stop-commands::tok"
	release := oneRelease(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "kind: [") })
	badName := func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/assets") {
			name, _ := json.Marshal("bootstrap-components" + evil + ".yaml")
			fmt.Fprintf(w, `[{"id":10,"name":"metadata.yaml"},{"id":12,"name":%s}]`, name)
			return
		}
		release(w, r)
	}
	badAnswer := func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/tags/v1.0.0") {
			release(w, r)
			return
		}
		msg, _ := json.Marshal(evil)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"message":%s}`, msg)
	}
	for _, format := range []string{"text", "github", "sarif", "json"} {
		for name, h := range map[string]func(http.ResponseWriter, *http.Request){"asset name": badName, "server message": badAnswer} {
			code, out := verifyHostileGitHub(t, attackLimits, h, "-o", format)
			if code == ExitUsage || code == ExitOK || !strings.Contains(out, "forged") || strings.ContainsAny(out, "\x1b\r") {
				t.Errorf("%s, -o %s: exit %d, control characters printed raw or nothing reported:\n%.3000q", name, format, code, out)
			}
			for _, line := range strings.Split(out, "\n") {
				trimmed := strings.TrimSpace(line)
				if strings.HasPrefix(line, "error: forged") || strings.HasPrefix(trimmed, "::error::forged") || strings.HasPrefix(trimmed, "::stop-commands") {
					t.Errorf("%s, -o %s: forged line %q in:\n%s", name, format, line, out)
				}
			}
		}
	}
}

// A registry whose challenge names a token server on another port gets no
// credentials sent there, unless the user names that server (--token-server).
func TestHostileOCITokenServerElsewhere(t *testing.T) {
	var got atomic.Value
	tokens := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Store(r.Header.Get("Authorization"))
		fmt.Fprint(w, `{"token":"t"}`)
	}))
	t.Cleanup(tokens.Close)
	reg := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer t" {
			w.Header().Set("WWW-Authenticate", `Bearer realm="`+tokens.URL+`/token",service="reg",scope="repository:capi/bootstrap-tiny:pull"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		fmt.Fprint(w, `{"name":"capi/bootstrap-tiny","tags":[]}`)
	}))
	t.Cleanup(reg.Close)
	env := ociEnv(t, "OCI_USERNAME", "me", "OCI_PASSWORD", "oci-SECRET")
	host, tokenHost := strings.TrimPrefix(reg.URL, "http://"), strings.TrimPrefix(tokens.URL, "http://")
	code, out, _ := attack(t, attackLimits, env, "verify", "--plain-http", "oci://"+host+"/capi/bootstrap-tiny")
	if code != ExitPublish || !strings.Contains(out, "--token-server "+tokenHost) || got.Load() != nil {
		t.Errorf("exit %d, token server got %v; want 4 naming --token-server and no request:\n%s", code, got.Load(), out)
	}
	noSecret(t, "oci-SECRET", out)
	attack(t, attackLimits, env, "verify", "--plain-http", "--token-server", tokenHost, "oci://"+host+"/capi/bootstrap-tiny")
	if auth, _ := got.Load().(string); !strings.HasPrefix(auth, "Basic ") {
		t.Errorf("named token server got %q, want the basic credentials", auth)
	}
}

// A token is not sent over plain http:// off loopback without --plain-http: the
// request is refused before any connection (no name is resolved).
func TestTokenOverPlainHTTPIsRefused(t *testing.T) {
	code, out, _ := attack(t, attackLimits, ghEnv, "verify", tinyURL, "--github-url", "http://ghe.example.invalid")
	if code != ExitPublish || !strings.Contains(out, "over plain http://") || !strings.Contains(out, "--plain-http") {
		t.Errorf("exit %d, want 4 naming --plain-http:\n%s", code, out)
	}
	noSecret(t, ghSecret, out)
}
