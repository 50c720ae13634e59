package source

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// NoCredentials refuses a URL with credentials written into it (user:token@ or
// token@): capirepo prints the URLs it reads in reports, notes and errors, so tokens
// come from the variables of docs/tokens.md or --token-file instead. what names the
// URL ("provider URL", a flag). The error wraps ErrUnsupported (a usage mistake) and
// names the URL without its credentials.
func NoCredentials(what, raw string) error {
	if err := httpx.NoUserInfo(raw); err != nil {
		return credentialsError{fmt.Errorf("%s %w", what, err)}
	}
	return nil
}

// noCredentials checks every URL of a read: the provider URL and the instance URLs
// of o (--gitlab-url, --github-url).
func noCredentials(raw string, o Options) error {
	for _, u := range [][2]string{{"provider URL", raw}, {"--gitlab-url", o.GitLabURL}, {"--github-url", o.GitHubAPIURL}} {
		if err := NoCredentials(u[0], u[1]); err != nil {
			return err
		}
	}
	return nil
}

// credentialsError is ErrUnsupported with its own message.
type credentialsError struct{ error }

func (credentialsError) Is(target error) bool { return target == ErrUnsupported }
