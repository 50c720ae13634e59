package httpx

import (
	"strings"
	"testing"
)

func TestNoUserInfo(t *testing.T) {
	t.Parallel()
	if err := NoUserInfo("https://gitlab.example.com/api"); err != nil {
		t.Errorf("plain URL refused: %v", err)
	}
	err := NoUserInfo("https://bot:s3cret@gitlab.example.com/api")
	if err == nil || !strings.HasPrefix(err.Error(), "https://gitlab.example.com/api: the URL carries credentials") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("NoUserInfo = %v; want the URL named without its credentials", err)
	}
}

// TestNoTokenQuery: a token in a query parameter is refused like user information,
// named without the query; other query parameters pass.
func TestNoTokenQuery(t *testing.T) {
	t.Parallel()
	for _, raw := range []string{"https://gitlab.example.com/api/v4/projects/1/packages/generic/p/v1/x.yaml?private_token=s3cret",
		"https://gitlab.example.com/x.yaml?a=b&job_token=s3cret", "https://h.example.com/x?access_token=s3cret", "https://h.example.com/x?token=s3cret"} {
		err := NoUserInfo(raw)
		if err == nil || strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "query parameter") {
			t.Errorf("%s: %v; want it refused, named without the token", raw, err)
		}
	}
	if err := NoUserInfo("https://gitlab.example.com/x.yaml?ref=main"); err != nil {
		t.Errorf("a plain query refused: %v", err)
	}
}

// TestStripCredentials: every URL of a text loses its user information and the value
// of a token query parameter; the rest of the text is kept.
func TestStripCredentials(t *testing.T) {
	t.Parallel()
	in := `unknown command "https://bot:s3cret@gitlab.example.com/x.yaml" for "capirepo build"; oci://s3cret@reg.example.com/p, https://h.example.com/x?ref=main&private_token=s3cret`
	want := `unknown command "https://gitlab.example.com/x.yaml" for "capirepo build"; oci://reg.example.com/p, https://h.example.com/x?ref=main&private_token=[REDACTED]`
	if got := StripCredentials(in); got != want {
		t.Errorf("StripCredentials:\n got %s\nwant %s", got, want)
	}
}
