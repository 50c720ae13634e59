package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// A token written into a URL capirepo reads (diff's A and B, verify's URL, init
// --check-against, build --upgrade-from and capirepo.yaml's published:, mirror's
// sources, and the --github-url/--gitlab-url instances they are read from) is refused as
// publish refuses its destinations: a usage error naming the URL without the token,
// whether written as user:TOKEN@ or TOKEN@; the token appears nowhere in the output.
func TestReadURLWithCredentialsRefused(t *testing.T) {
	t.Parallel()
	const secret = "READSECRET-0042"
	gh, gl := newGitHub(t).URL(), newGitLab(t).URL
	glURL := gl + "/api/v4/projects/group%2Fname/packages/generic/bootstrap-tiny/v1.0.0/bootstrap-components.yaml"
	local := builtTiny(t)
	checkout := gitCheckout(t, checkTree())
	build := func(cfg string, extra ...string) []string {
		c := caseNamed(t, "storage-two-back")
		if cfg == "" {
			cfg = acmeTree(t, c, "")
		}
		return append([]string{"build", "--config", cfg, "--version", c.Next.Version, "--out", filepath.Join(t.TempDir(), "dist"), "--published="}, extra...)
	}
	for _, info := range []string{"oauth2:" + secret + "@", secret + "@"} {
		cred := func(raw string) string { return strings.Replace(raw, "://", "://"+info, 1) }
		published := func(extra ...string) []string {
			return build(acmeTree(t, caseNamed(t, "storage-two-back"), cred(acmeURL)), extra...)
		}
		clusterctl := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
			"providers:\n- {name: tiny, type: BootstrapProvider, url: \""+cred(tinyURL)+"\"}\n")
		tests := [][]string{
			{"diff", cred(tinyURL), local, "--github-url", gh},
			{"diff", local, cred(glURL)},
			{"diff", tinyURL, local, "--github-url", cred(gh)},
			{"diff", glURL, local, "--gitlab-url", cred(gl)},
			{"diff", "--upgrade", cred(tinyURL), local, "--github-url", gh},
			{"verify", cred(tinyURL), "--github-url", gh},
			{"verify", cred(glURL)},
			{"verify", tinyURL, "--github-url", cred(gh)},
			{"verify", glURL, "--gitlab-url", cred(gl)},
			{"init", "--check-against", cred(tinyURL), checkout, "--github-url", gh},
			{"init", "--check", checkout, "--github-url", cred(gh)},
			build("", "--upgrade-from", cred(acmeURL), "--github-url", gh),
			build("", "--upgrade-from", cred(acmeURL), "--offline"),
			build("", "--upgrade-from", acmeURL, "--github-url", cred(gh)),
			published("--github-url", gh),
			published("--offline"),
			{"mirror", "--out", t.TempDir(), "--cert-manager", "", "--from-config", clusterctl, "--bootstrap", "tiny:v1.0.0", "--github-url", gh},
			{"mirror", "--out", t.TempDir(), "--cert-manager", "", "--bootstrap", "kubeadm:v1.0.0", "--github-url", cred(gh)},
		}
		for _, args := range tests {
			code, out, errOut := runEnv(t, nil, args...)
			if code != ExitUsage || strings.Contains(out+errOut, secret) || !strings.Contains(errOut, "carries credentials") ||
				!strings.Contains(errOut, "--token-file") {
				t.Errorf("%s (%s): exit %d, stdout %q, stderr %q; want exit 2 naming the credentials, without them",
					strings.Join(args, " "), info[:2], code, out, errOut)
			}
		}
	}
}

// TestErrorsNeverPrintCredentials: a URL with credentials where no command reads one
// (cobra's "unknown command" repeats a stray argument) is printed without them.
func TestErrorsNeverPrintCredentials(t *testing.T) {
	t.Parallel()
	const secret = "STRAYSECRET-0042"
	for _, arg := range []string{"https://bot:" + secret + "@gitlab.example.com/x.yaml", "https://" + secret + "@gitlab.example.com/x.yaml",
		"https://gitlab.example.com/x.yaml?private_token=" + secret} {
		code, out, errOut := runEnv(t, nil, "build", arg)
		if code != ExitUsage || strings.Contains(out+errOut, secret) || !strings.Contains(errOut, "gitlab.example.com/x.yaml") {
			t.Errorf("build %s: exit %d, stdout %q, stderr %q; want exit 2 naming the URL without its credentials", arg, code, out, errOut)
		}
	}
}
