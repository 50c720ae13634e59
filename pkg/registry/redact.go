package registry

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"sync"

	"github.com/capirepo/capirepo/pkg/httpx"
	"oras.land/oras-go/v2/registry/remote/auth"
)

// secrets are the credential values handed to registries so far (OCI_* variables or
// Docker config entries), as they are sent: plain and as the basic-auth header value.
type secrets struct {
	mu   sync.Mutex
	list []string
}

// record wraps a credential function so every value it returns is remembered.
func (s *secrets) record(next auth.CredentialFunc) auth.CredentialFunc {
	if next == nil {
		return nil
	}
	return func(ctx context.Context, host string) (auth.Credential, error) {
		c, err := next(ctx, host)
		s.mu.Lock()
		defer s.mu.Unlock()
		s.list = append(s.list, c.Password, c.AccessToken, c.RefreshToken)
		if c.Password != "" {
			s.list = append(s.list, base64.StdEncoding.EncodeToString([]byte(c.Username+":"+c.Password)))
		}
		return c, err
	}
}

func (s *secrets) redactor() (httpx.Redactor, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, v := range s.list {
		if v != "" {
			return httpx.NewRedactor(s.list...), true
		}
	}
	return httpx.Redactor{}, false
}

// maxErrorAnswer is how much of an error answer is kept (oras reads only the start).
const maxErrorAnswer = 64 << 10

// redactAnswers removes the credentials from error answers before oras quotes them in
// its errors: a registry that repeats the request's Authorization header in its error
// message does not bring the token into capirepo's output.
type redactAnswers struct {
	base    http.RoundTripper
	secrets *secrets
}

func (t redactAnswers) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil || resp.StatusCode < 400 {
		return resp, err
	}
	r, ok := t.secrets.redactor()
	if !ok {
		return resp, nil
	}
	body, rerr := io.ReadAll(io.LimitReader(resp.Body, maxErrorAnswer))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader([]byte(r.Text(string(body)))))
	resp.ContentLength = -1
	if rerr != nil {
		return nil, rerr
	}
	return resp, nil
}
