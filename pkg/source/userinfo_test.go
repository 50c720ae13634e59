package source

import (
	"errors"
	"strings"
	"testing"
)

// A URL with credentials in it is refused as a usage mistake (ErrUnsupported) that
// never brings them into the error (the CLI prints errors): by its URL without them,
// or, where the URL does not parse, with them redacted.
func TestForNeverEchoesURLCredentials(t *testing.T) {
	const secret = "S3CRET-tok"
	for _, raw := range []string{
		"https://u:" + secret + "@example.com/x/y",
		"https://" + secret + "@example.com/x/y",
		"oci://u:" + secret + "@127.0.0.1:9/capi/infrastructure-x@sha256:abc",
		"oci://u:" + secret + "@127.0.0.1:9/capi/Infrastructure-X",
		"https://u:" + secret + "@gitlab.example.com/api/v4/projects/1/packages/generic/x",
		"https://u:" + secret + "@github.com/o/r/tags/v1/x.yaml",
		"%zz://u:" + secret + "@x",
	} {
		_, err := For(raw, Options{Getenv: func(string) string { return "" }})
		if err == nil {
			t.Errorf("%s: no error", raw)
			continue
		}
		if strings.Contains(err.Error(), secret) || !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: want a usage mistake not showing the credential: %v", raw, err)
		}
		if !strings.Contains(err.Error(), "carries credentials") && !strings.Contains(err.Error(), "[REDACTED]@") {
			t.Errorf("%s: the error does not say the URL carries credentials: %v", raw, err)
		}
	}
}
