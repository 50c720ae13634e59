package httpx

import (
	"fmt"
	"net/url"
	"regexp"
)

// tokenParams are the query parameters forges take a token in (GitLab's
// private_token, job_token; OAuth's access_token).
var tokenParams = []string{"private_token", "job_token", "access_token", "token"}

// NoUserInfo refuses a forge URL with credentials: user information
// (https://user:token@host) or a token query parameter (?private_token=...).
// capirepo prints such URLs in providers: entries, reports and errors, so a token
// written there would reach output. The error names the URL without them. A URL that
// does not parse passes (other checks report it).
func NoUserInfo(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return nil
	}
	what := ""
	if u.User != nil {
		what = "user:token@"
	}
	for _, p := range tokenParams {
		if what == "" && u.Query().Has(p) {
			what = "a " + p + " query parameter"
		}
	}
	if what == "" {
		return nil
	}
	clean := (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}).String()
	return fmt.Errorf("%s: the URL carries credentials (%s); remove them and give the token with --token-file or its variable (docs/tokens.md)", clean, what)
}

var (
	userInfoInText   = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://)[^/?#\s@"'<>]+@`)
	tokenParamInText = regexp.MustCompile(`\b((?:private_token|job_token|access_token|token)=)[^&\s"'<>]+`)
)

// StripCredentials removes the credentials of every URL in a text (user information,
// the value of a token query parameter): the last guard of what capirepo prints, for
// a URL the user typed where no check reads it (cobra's "unknown command" repeats it).
func StripCredentials(text string) string {
	text = userInfoInText.ReplaceAllString(text, "$1")
	return tokenParamInText.ReplaceAllString(text, "${1}"+Redacted)
}
