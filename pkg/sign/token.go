package sign

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// AmbientToken finds the CI's OIDC token for audience "sigstore" from what the token
// policy read (source.KeylessToken): the token itself (SIGSTORE_ID_TOKEN), else the one
// GitHub Actions' endpoint reqURL issues when asked with bearer
// (ACTIONS_ID_TOKEN_REQUEST_URL/_TOKEN, present with `permissions: id-token: write`).
// It returns "" when neither is there. Errors never quote a token.
func AmbientToken(ctx context.Context, token, reqURL, bearer string, client *http.Client) (string, error) {
	if token != "" {
		return token, nil
	}
	if reqURL == "" || bearer == "" {
		return "", nil
	}
	u, err := url.Parse(reqURL)
	if err != nil {
		return "", fmt.Errorf("ACTIONS_ID_TOKEN_REQUEST_URL is not a URL")
	}
	q := u.Query()
	q.Set("audience", "sigstore")
	u.RawQuery = q.Encode()
	return githubToken(ctx, client, u.String(), bearer)
}

func githubToken(ctx context.Context, client *http.Client, u, bearer string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+bearer)
	resp, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("requesting the GitHub Actions OIDC token: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("requesting the GitHub Actions OIDC token: HTTP %d (does the job have `permissions: id-token: write`?)", resp.StatusCode)
	}
	var body struct {
		Value string `json:"value"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&body); err != nil || body.Value == "" {
		return "", fmt.Errorf("the GitHub Actions OIDC token endpoint answered without a token")
	}
	return body.Value, nil
}
