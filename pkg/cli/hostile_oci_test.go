package cli

import (
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// The hostile registry suite: an artifact whose manifests are larger than a
// manifest may be, and referrers past their caps, end at the cap named, exit 4.

const hostileRepo = "/v2/capi/bootstrap-tiny/"

// bigManifest is a manifest of size bytes (an annotation pads it), served in chunks
// without being held, with its digest.
type bigManifest struct {
	head   string
	size   int64
	digest string
}

const bigTail = `"}}`

func newBigManifest(i int, size int64) bigManifest {
	m := bigManifest{head: fmt.Sprintf(`{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.empty.v1+json","digest":"sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a","size":2},"layers":[],"annotations":{"pad%d":"`, i), size: size}
	h := sha256.New()
	m.write(h)
	m.digest = fmt.Sprintf("sha256:%x", h.Sum(nil))
	return m
}

func (m bigManifest) write(w interface{ Write([]byte) (int, error) }) error {
	chunk := []byte(strings.Repeat("a", 1<<20))
	if _, err := w.Write([]byte(m.head)); err != nil {
		return err
	}
	for left := m.size - int64(len(m.head)+len(bigTail)); left > 0; {
		n := min(left, int64(len(chunk)))
		if _, err := w.Write(chunk[:n]); err != nil {
			return err
		}
		left -= n
	}
	_, err := w.Write([]byte(bigTail))
	return err
}

// A tag resolving to an index of four 240 MiB manifests is refused from the index:
// no manifest may be over 4 MiB, and the artifact's manifests and blobs count
// against its 256 MiB cap before any is pulled.
func TestHostileOCIIndexOfHugeManifests(t *testing.T) {
	var manifests []bigManifest
	var entries []string
	for i := range 4 {
		m := newBigManifest(i, 240<<20)
		manifests = append(manifests, m)
		entries = append(entries, fmt.Sprintf(`{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"%s","size":%d}`, m.digest, m.size))
	}
	index := `{"schemaVersion":2,"mediaType":"application/vnd.oci.image.index.v1+json","manifests":[` + strings.Join(entries, ",") + `]}`
	indexDigest := fmt.Sprintf("sha256:%x", sha256.Sum256([]byte(index)))
	var served atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := strings.TrimPrefix(r.URL.Path, hostileRepo)
		switch {
		case path == "tags/list":
			fmt.Fprint(w, `{"name":"capi/bootstrap-tiny","tags":["v1.0.0"]}`)
		case path == "manifests/v1.0.0" || path == "manifests/"+indexDigest:
			w.Header().Set("Content-Type", "application/vnd.oci.image.index.v1+json")
			w.Header().Set("Docker-Content-Digest", indexDigest)
			w.Header().Set("Content-Length", fmt.Sprint(len(index)))
			fmt.Fprint(w, index)
		default:
			for _, m := range manifests {
				if path == "manifests/"+m.digest {
					w.Header().Set("Content-Type", "application/vnd.oci.image.manifest.v1+json")
					w.Header().Set("Content-Length", fmt.Sprint(m.size))
					served.Add(1)
					m.write(w)
					return
				}
			}
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	code, out, _ := attack(t, attackLimits, ociEnv(t), "verify", "--plain-http", "oci://"+strings.TrimPrefix(srv.URL, "http://")+"/capi/bootstrap-tiny")
	wantCap(t, code, out, "the 4 MiB cap")
	if n := served.Load(); n != 0 {
		t.Errorf("%d huge manifests were served, want none", n)
	}
}

// hostileReferrers publishes the tiny provider to a registry and serves it through a
// front whose referrers API the attack answers.
func hostileReferrers(t *testing.T, h func(w http.ResponseWriter, r *http.Request)) (int, string) {
	t.Helper()
	reg := registry.New(t)
	env := ociEnv(t)
	if code, _, stderr := runEnv(t, env, "publish", "oci", "--from", builtTiny(t), "--to", reg.Host+"/capi", "--plain-http"); code != ExitOK {
		t.Fatalf("publish oci: %s", stderr)
	}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, hostileRepo+"referrers/") {
			w.Header().Set("Content-Type", "application/vnd.oci.image.index.v1+json")
			h(w, r)
			return
		}
		reg.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	_, pubPEM := sigstore.KeyPair(t, testPassword)
	pub := filepath.Join(t.TempDir(), "k.pub")
	writeFile(t, pub, pubPEM)
	start := time.Now()
	code, out, _ := attack(t, attackLimits, env, "verify", "--plain-http", "--verify-key", pub, "oci://"+strings.TrimPrefix(front.URL, "http://")+"/capi/bootstrap-tiny")
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("took %s", took)
	}
	return code, out
}

// referrersIndex lists n sigstore bundle referrers of size bytes each.
func referrersIndex(n int, size int64) string {
	var b strings.Builder
	b.WriteString(`{"schemaVersion":2,"mediaType":"application/vnd.oci.image.index.v1+json","manifests":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"mediaType":"application/vnd.oci.image.manifest.v1+json","artifactType":"%s","digest":"sha256:%064x","size":%d}`, oci.SigstoreBundleType, i, size)
	}
	b.WriteString("]}")
	return b.String()
}

// Referrers past their cap (150 of 4 MB, 10,000), and a referrers next link that
// loops, end at the cap named: none of them is fetched.
func TestHostileOCIReferrers(t *testing.T) {
	for _, tt := range []struct {
		n    int
		size int64
	}{{150, 4_000_000}, {10_000, 4_000_000}} {
		index := referrersIndex(tt.n, tt.size)
		code, out := hostileReferrers(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, index) })
		wantCap(t, code, out, "the cap of 100 entries in one listing")
	}
	one := referrersIndex(1, 4_000_000)
	code, out := hostileReferrers(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Link", `<`+r.URL.Path+`?n=1>; rel="next"`)
		if r.URL.Query().Get("n") != "" {
			w.Header().Set("Link", `<`+r.URL.Path+`?n=1>; rel="next"`)
		}
		fmt.Fprint(w, one)
	})
	wantCap(t, code, out, "a next link to a page already read")
}
