package fakegithub

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

const (
	writeTok = "tok-write-SECRET"
	readTok  = "tok-read-SECRET"
)

// newFake starts a fake with repository o/r, a write and a read token.
func newFake(t *testing.T, opts RepoOptions) *Server {
	t.Helper()
	s := New()
	t.Cleanup(s.Close)
	s.AddRepo("o", "r", opts)
	s.AddToken(writeTok, Write)
	s.AddToken(readTok, Read)
	return s
}

// do sends a request with an optional token and JSON body and returns status,
// headers and body.
func do(t *testing.T, s *Server, method, url, token, body string, hdr ...string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// decode unmarshals a JSON body.
func decode[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("decoding %q: %v", body, err)
	}
	return v
}

type relJSON struct {
	ID        int64  `json:"id"`
	Tag       string `json:"tag_name"`
	Draft     bool   `json:"draft"`
	Immutable bool   `json:"immutable"`
}

// createDraft creates a draft release through the API and returns its ID.
func createDraft(t *testing.T, s *Server, tag string) int64 {
	t.Helper()
	st, _, body := do(t, s, "POST", s.APIURL()+"repos/o/r/releases", writeTok, `{"tag_name":"`+tag+`","draft":true}`)
	if st != http.StatusCreated {
		t.Fatalf("creating draft %s: status %d %s", tag, st, body)
	}
	return decode[relJSON](t, body).ID
}
