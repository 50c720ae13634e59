package registry

import (
	"errors"
	"fmt"
	"net/http"

	"oras.land/oras-go/v2/registry/remote/auth"
	"oras.land/oras-go/v2/registry/remote/errcode"
)

// Explain adds what to do to the registry errors people meet most: missing or
// refused credentials and rate limits. Other errors are returned as they are.
func Explain(err error) error {
	var resp *errcode.ErrorResponse
	switch {
	case err == nil:
		return nil
	case errors.Is(err, auth.ErrBasicCredentialNotFound):
		return fmt.Errorf("%w: the registry asks for credentials: set OCI_USERNAME and OCI_PASSWORD (or OCI_ACCESS_TOKEN), sent only to the registry a command pushes to or reads, or run docker login for this registry", err)
	case !errors.As(err, &resp):
		return err
	case resp.StatusCode == http.StatusUnauthorized:
		return fmt.Errorf("%w: the registry refused the credentials: check OCI_USERNAME/OCI_PASSWORD or the Docker config", err)
	case resp.StatusCode == http.StatusForbidden:
		return fmt.Errorf("%w: the credentials may not read or write this repository", err)
	case resp.StatusCode == http.StatusTooManyRequests:
		return fmt.Errorf("%w: the registry's rate limit held after retries: run again later", err)
	}
	return err
}
