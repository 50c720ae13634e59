package httpx

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is a server that records the credential headers it receives.
type recorder struct {
	*httptest.Server
	mu   sync.Mutex
	seen []string
}

func newRecorder(t *testing.T, h http.HandlerFunc) *recorder {
	r := &recorder{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		for _, name := range credentialHeaders {
			if v := req.Header.Get(name); v != "" {
				r.seen = append(r.seen, name+": "+v)
			}
		}
		r.mu.Unlock()
		h(w, req)
	}))
	t.Cleanup(r.Close)
	return r
}

func TestCredentialNotSentOffOrigin(t *testing.T) {
	t.Parallel()
	other := newRecorder(t, func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "asset") })
	origin := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/same" {
			http.Redirect(w, r, "/final", http.StatusFound)
			return
		}
		if r.URL.Path == "/final" {
			fmt.Fprint(w, "ok")
			return
		}
		http.Redirect(w, r, other.URL+"/asset", http.StatusFound)
	})
	u, _ := url.Parse(origin.URL)
	for _, h := range []string{"Authorization", "PRIVATE-TOKEN", "JOB-TOKEN"} {
		c := NewClient(Options{Auth: Auth{Header: h, Value: "s3cret", Origins: []*url.URL{u}}})
		for _, path := range []string{"/away", "/same"} {
			req, _ := http.NewRequest(http.MethodGet, origin.URL+path, nil)
			req.Header.Set("Private-Token", "caller-set") // a caller's own header must not leave either
			resp, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
		}
	}
	if len(other.seen) != 0 {
		t.Errorf("off-origin server received credentials: %v", other.seen)
	}
	if got := strings.Join(origin.seen, ","); !strings.Contains(got, "s3cret") {
		t.Errorf("origin did not receive the credential: %v", origin.seen)
	}
}

func TestSameOrigin(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"https://api.github.com/", "https://api.github.com:443/x", true},
		{"https://api.github.com/", "http://api.github.com/", false},
		{"https://api.github.com/", "https://api.github.com:8443/", false},
		{"https://api.github.com/", "https://objects.githubusercontent.com/", false},
		{"https://GitLab.example/", "https://gitlab.example/api", true},
	} {
		a, _ := url.Parse(tt.a)
		b, _ := url.Parse(tt.b)
		if got := sameOrigin(a, b); got != tt.want {
			t.Errorf("SameOrigin(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestReadAllCap(t *testing.T) {
	t.Parallel()
	_, err := ReadAll(strings.NewReader(strings.Repeat("x", 2<<20)), MaxMetadataSize, "metadata.yaml of v1.0.0")
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "1 MiB") || !strings.Contains(err.Error(), "metadata.yaml of v1.0.0") {
		t.Fatalf("err = %v, want ErrTooLarge naming the file and the 1 MiB cap", err)
	}
	data, err := ReadAll(strings.NewReader("abc"), 3, "f")
	if err != nil || string(data) != "abc" {
		t.Fatalf("ReadAll at the cap = %q, %v", data, err)
	}
}

func TestRedactKeepsChain(t *testing.T) {
	t.Parallel()
	r := NewRedactor("tok/en")
	for _, kind := range []error{context.Canceled, context.DeadlineExceeded, fs.ErrNotExist} {
		err := r.Wrap(fmt.Errorf("GET https://x/?private_token=%s with tok/en: %w", url.QueryEscape("tok/en"), kind))
		if !errors.Is(err, kind) {
			t.Errorf("errors.Is(%v, %v) = false", err, kind)
		}
		if strings.Contains(err.Error(), "tok/en") || strings.Contains(err.Error(), "tok%2Fen") {
			t.Errorf("secret in %q", err)
		}
	}
}

type sleeps struct{ d []time.Duration }

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.d = append(s.d, d)
	return ctx.Err()
}

func respWith(status int, h ...string) *http.Response {
	r := &http.Response{StatusCode: status, Header: http.Header{}}
	for i := 0; i+1 < len(h); i += 2 {
		r.Header.Set(h[i], h[i+1])
	}
	return r
}

func TestPolicyWaits(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_000_000, 0)
	for _, tt := range []struct {
		name string
		resp *http.Response
		want time.Duration
	}{
		{"429 Retry-After", respWith(429, "Retry-After", "7"), 7 * time.Second},
		{"503 HTTP date", respWith(503, "Retry-After", now.Add(9*time.Second).UTC().Format(http.TimeFormat)), 9 * time.Second},
		{"GitHub primary limit", respWith(403, "X-RateLimit-Remaining", "0", "X-RateLimit-Reset", fmt.Sprint(now.Unix()+30)), 31 * time.Second},
		{"GitHub secondary limit", respWith(403, "Retry-After", "60"), time.Minute},
		{"502 backoff", respWith(502), time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := &sleeps{}
			p := Policy{Sleep: s.sleep, Now: func() time.Time { return now }}
			n := 0
			err := p.Do(context.Background(), func(context.Context, int) (*http.Response, error) {
				n++
				if n == 1 {
					return tt.resp, errors.New("status")
				}
				return nil, nil
			})
			if err != nil || len(s.d) != 1 || s.d[0] != tt.want {
				t.Fatalf("err %v, waits %v, want [%s]", err, s.d, tt.want)
			}
		})
	}
}

func TestPolicyBounds(t *testing.T) {
	t.Parallel()
	fail := func(resp *http.Response) Attempt {
		return func(context.Context, int) (*http.Response, error) { return resp, errors.New("boom") }
	}
	s := &sleeps{}
	err := Policy{Sleep: s.sleep, Base: time.Millisecond}.Do(context.Background(), fail(respWith(502)))
	if !isGaveUp(err) || len(s.d) != 4 {
		t.Errorf("attempts: err %v after %d waits, want gave up after 5 attempts", err, len(s.d))
	}
	s = &sleeps{}
	err = Policy{Sleep: s.sleep}.Do(context.Background(), fail(respWith(429, "Retry-After", "3600")))
	if !isGaveUp(err) || len(s.d) != 0 || !strings.Contains(err.Error(), "budget") {
		t.Errorf("budget: err %v after waits %v", err, s.d)
	}
	s = &sleeps{}
	err = Policy{Sleep: s.sleep}.Do(context.Background(), fail(respWith(404)))
	if isGaveUp(err) || len(s.d) != 0 {
		t.Errorf("404 retried: %v %v", err, s.d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = Policy{}.Do(ctx, func(ctx context.Context, _ int) (*http.Response, error) { return nil, ctx.Err() })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestRetryable(t *testing.T) {
	t.Parallel()
	netErr := &url.Error{Op: "Get", URL: "https://x", Err: errors.New("connection reset by peer")}
	certErr := &url.Error{Op: "Get", URL: "https://x", Err: &tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}}
	for _, tt := range []struct {
		name string
		resp *http.Response
		err  error
		want bool
	}{
		{"network error", nil, netErr, true},
		{"unexpected EOF", nil, fmt.Errorf("reading body: %w", io.ErrUnexpectedEOF), true},
		{"untrusted certificate", nil, certErr, false},
		{"too large", nil, TooLarge("f", 1), false},
		{"cancelled", nil, fmt.Errorf("x: %w", context.Canceled), false},
		{"plain error", nil, errors.New("bad input"), false},
		{"forced", nil, Retry(errors.New("202 accepted")), true},
		{"500", respWith(500), errors.New("s"), true},
		{"501", respWith(501), errors.New("s"), false},
		{"429", respWith(429), errors.New("s"), true},
		{"403 rate limit", respWith(403, "X-RateLimit-Remaining", "0"), errors.New("s"), true},
		{"403 permission", respWith(403), errors.New("s"), false},
		{"404", respWith(404), errors.New("s"), false},
	} {
		if got := retryable(tt.resp, tt.err); got != tt.want {
			t.Errorf("%s: Retryable = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// isGaveUp reports whether err ran out of retries.
func isGaveUp(err error) bool {
	var g *GaveUp
	return errors.As(err, &g)
}
