package github

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"
	"time"
)

// answers is a transport that answers every request with the fuzzed body: the
// releases listing, the release, the assets listing and the download alike.
type answers []byte

func (a answers) RoundTrip(r *http.Request) (*http.Response, error) {
	h := http.Header{"Content-Type": {"application/json"}}
	if r.URL.Query().Get("page") == "1" {
		h.Set("Link", `<https://api.example/repos/o/r/releases?page=2>; rel="next"`)
	}
	return &http.Response{StatusCode: http.StatusOK, Header: h, Body: io.NopCloser(bytes.NewReader(a)), Request: r}, nil
}

// FuzzListingDecoders feeds any answer to the reader's listings and download: no
// decoded value may panic it (a null release or asset, wrong types, loops).
func FuzzListingDecoders(f *testing.F) {
	for _, seed := range []string{`[null]`, `[{"id":1,"tag_name":"v1.0.0"},null]`, `{"id":1,"tag_name":"v1.0.0","assets":[null]}`,
		`[{"id":1,"name":"metadata.yaml","size":-1}]`, `null`, `[{"tag_name":1}]`, `{}`, ``} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewRepo(Options{Owner: "o", Repo: "r", APIURL: "https://api.example/", HTTPClient: &http.Client{Transport: answers(data)},
			Retry: RetryPolicy{Sleep: func(context.Context, time.Duration) error { return nil }}})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		r.Versions(ctx)
		r.Files(ctx, "v1.0.0")
		r.File(ctx, "v1.0.0", "metadata.yaml")
	})
}
