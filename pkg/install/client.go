package install

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client talks to the control plane's API server with its token.
type Client struct {
	url, token string
	http       *http.Client
}

// Client returns a client trusting only the API server's own certificate.
func (cp *ControlPlane) Client() *Client {
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(cp.CA)
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}, Proxy: nil}
	return &Client{url: cp.URL, token: cp.Token, http: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
}

// APIError is the API server's refusal: its Status message and code.
type APIError struct {
	Code    int    `json:"code"`
	Reason  string `json:"reason"`
	Message string `json:"message"`
}

func (e *APIError) Error() string { return e.Message }

// raw sends one request and returns the body of a 2xx answer, else an *APIError.
func (c *Client) raw(ctx context.Context, method, path, ctype string, body []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.url+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 == 2 {
		return data, nil
	}
	e := &APIError{Code: resp.StatusCode}
	if json.Unmarshal(data, e) != nil || e.Message == "" {
		e.Message = fmt.Sprintf("%s %s: %s: %s", method, path, resp.Status, bytes.TrimSpace(data))
	}
	return nil, e
}

// get decodes a GET's JSON answer into v.
func (c *Client) get(ctx context.Context, path string, v any) error {
	data, err := c.raw(ctx, "GET", path, "", nil)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}
