package httpx

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

type recordingTransport struct{ got []string }

func (r *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r.got = append(r.got, req.URL.Host+" "+req.Header.Get("Authorization"))
	return &http.Response{StatusCode: http.StatusOK, Body: http.NoBody, Request: req}, nil
}

// A token goes over plain http:// only to loopback or when the user allows it
// (--plain-http); otherwise the request is refused before it is sent, not retried.
func TestTokenOverPlainHTTPNeedsTheFlag(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		url   string
		plain bool
		sent  bool
	}{
		{"http://gitlab.example.invalid/api/v4/x", false, false},
		{"http://gitlab.example.invalid/api/v4/x", true, true},
		{"https://gitlab.example.invalid/api/v4/x", false, true},
		{"http://127.0.0.1:8080/api/v4/x", false, true},
		{"http://localhost:8080/api/v4/x", false, true},
	} {
		u, _ := url.Parse(tt.url)
		rec := &recordingTransport{}
		c := NewClient(Options{Client: &http.Client{Transport: rec}, Auth: Auth{Header: "Authorization", Value: "Bearer s3cret", Origins: []*url.URL{u}, PlainHTTP: tt.plain}})
		resp, err := c.Get(tt.url)
		if err == nil {
			resp.Body.Close()
		}
		if sent := len(rec.got) == 1; sent != tt.sent {
			t.Errorf("%s (plain %v): sent %v, want %v (err %v)", tt.url, tt.plain, sent, tt.sent, err)
		}
		if !tt.sent && (!errors.Is(err, ErrPlainHTTP) || !strings.Contains(err.Error(), "--plain-http") || retryable(nil, err)) {
			t.Errorf("%s: err %v, want a refusal naming --plain-http, not retried", tt.url, err)
		}
	}
}
