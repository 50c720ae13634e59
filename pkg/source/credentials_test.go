package source

import (
	"errors"
	"strings"
	"testing"
)

// Every URL a read goes through refuses credentials written into it, a token given as
// the user (TOKEN@) as well as user:TOKEN@, and names it without them: the provider
// URL (For and Resolve, remote or file://) and the instance URLs of Options, which
// Resolve checks for local folders too. The URLs are valid and read otherwise: the
// refusal comes before anything is opened.
func TestReadURLsRefuseCredentials(t *testing.T) {
	const secret = "glpat-S3CRET"
	gl := "https://gitlab.example.com/api/v4/projects/g%2Fp/packages/generic/infrastructure-x/v1.0.0/infrastructure-components.yaml"
	gh := "https://github.com/o/r/releases/v1.0.0/infrastructure-components.yaml"
	dir := t.TempDir()
	for _, info := range []string{"u:" + secret + "@", secret + "@"} {
		with := func(raw string) string { return strings.Replace(raw, "://", "://"+info, 1) }
		cases := []struct {
			name, raw, want string
			o               Options
		}{
			{"gitlab URL", with(gl), "provider URL https://gitlab.example.com/api/v4/projects/", Options{}},
			{"github URL", with(gh), "provider URL " + gh, Options{}},
			{"oci URL", with("oci://127.0.0.1:9/capi/infrastructure-x:v1.0.0"), "provider URL oci://127.0.0.1:9/capi/", Options{}},
			{"file URL", with("file://" + dir + "/infrastructure-x/v1.0.0/infrastructure-components.yaml"), "provider URL file://", Options{}},
			{"--gitlab-url", gl, "--gitlab-url https://mirror.example.com:", Options{GitLabURL: with("https://mirror.example.com")}},
			{"--github-url", gh, "--github-url https://ghe.example.com/api/v3/:", Options{GitHubAPIURL: with("https://ghe.example.com/api/v3/")}},
			{"--github-url, local folder", dir, "--github-url https://ghe.example.com/api/v3/:", Options{GitHubAPIURL: with("https://ghe.example.com/api/v3/")}},
		}
		for _, c := range cases {
			_, ferr := For(c.raw, c.o)
			_, rerr := Resolve(c.raw, c.o)
			for i, err := range []error{ferr, rerr} {
				if c.raw == dir && i == 0 {
					continue // For reads URLs only
				}
				if err == nil || !errors.Is(err, ErrUnsupported) || strings.Contains(err.Error(), secret) ||
					!strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "--token-file") {
					t.Errorf("%s (%s), %s: %v; want a usage mistake naming %q without the token", c.name, info[:2], []string{"For", "Resolve"}[i], err, c.want)
				}
			}
		}
	}
}
