package gitlab

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// answers is a transport that answers every request with the fuzzed body: the
// packages listing, the files listing and the download alike.
type answers []byte

func (a answers) RoundTrip(r *http.Request) (*http.Response, error) {
	h := http.Header{"Content-Type": {"application/json"}}
	if r.URL.Query().Get("page") == "1" {
		h.Set("X-Next-Page", "2")
	}
	return &http.Response{StatusCode: http.StatusOK, Header: h, Body: io.NopCloser(bytes.NewReader(a)), Request: r}, nil
}

// FuzzListingDecoders feeds any answer to the reader's listings and download: no
// decoded value may panic it (null packages or files, wrong types).
func FuzzListingDecoders(f *testing.F) {
	for _, seed := range []string{`[null]`, `[{"id":1,"name":"p","version":"v1.0.0"},null]`, `[{"id":1,"file_name":null}]`,
		`null`, `[{"name":1}]`, `{}`, ``} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewRepo(Options{BaseURL: "https://gitlab.example", Project: "g/p", Package: "p", HTTPClient: &http.Client{Transport: answers(data)},
			Retry: httpx.Policy{Sleep: func(context.Context, time.Duration) error { return nil }}})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		r.Versions(ctx)
		r.Files(ctx, "v1.0.0")
		r.File(ctx, "v1.0.0", "metadata.yaml")
	})
}
