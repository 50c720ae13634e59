package httpx

import (
	"fmt"
	"net/url"
)

// NoUserInfo refuses a forge URL with user information (https://user:token@host):
// capirepo prints such URLs in providers: entries, reports and errors, so a token
// written there would reach output. The error names the URL without it. A URL that
// does not parse passes (other checks report it).
func NoUserInfo(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return nil
	}
	clean := (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}).String()
	return fmt.Errorf("%s: the URL carries credentials (user:token@); remove them and give the token with --token-file or its variable (docs/tokens.md)", clean)
}
