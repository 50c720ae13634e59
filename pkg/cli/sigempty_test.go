package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptyTrustValuesAreUsageErrors: `--verify-key "$COSIGN_PUB"` with the variable
// unset gives `--verify-key ""`, which must never turn verification off: every command
// that takes a key, an identity or a trusted root refuses an empty one (exit 2, the
// flag named) before reading anything, here over a tampered signed build; so does
// --trusted-root without the identity flags, which would be ignored.
func TestEmptyTrustValuesAreUsageErrors(t *testing.T) {
	t.Parallel()
	dir, _ := signedBuild(t)
	appendTo(t, filepath.Join(dir, "bootstrap-components.yaml"), "---\nkind: ConfigMap\n")
	dist := filepath.Dir(filepath.Dir(dir))
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
		"providers:\n- {name: tiny, type: BootstrapProvider, url: \"file://"+dist+"/bootstrap-tiny/v1.0.0/bootstrap-components.yaml\"}\n")
	root := writeText(t, filepath.Join(t.TempDir(), "trusted_root.json"), "{}\n")
	to := func() string { return filepath.Join(t.TempDir(), "out") }
	commands := map[string][]string{
		"verify":             {"verify", dist},
		"mirror":             {"mirror", "--out", to(), "--from-config", from, "--cert-manager", ""},
		"publish local":      {"publish", "local", "--from", dist, "--to", to()},
		"publish github":     {"publish", "github", "--from", dist, "--repo", "o/r", "--github-url", "http://127.0.0.1:1", "--dry-run"},
		"publish gitlab":     {"publish", "gitlab", "--from", dist, "--project", "g/p", "--gitlab-url", "http://127.0.0.1:1", "--dry-run"},
		"publish oci":        {"publish", "oci", "--from", dist, "--to", "127.0.0.1:1/capi", "--plain-http", "--dry-run"},
		"publish configmaps": {"publish", "configmaps", "--from", dist, "--to", to()},
	}
	flags := map[string][]string{
		"--verify-key":                     {"--verify-key", ""},
		"--certificate-identity":           {"--certificate-identity", "", "--certificate-oidc-issuer", "https://issuer"},
		"--certificate-identity-regexp":    {"--certificate-identity-regexp", "", "--certificate-oidc-issuer", "https://issuer"},
		"--certificate-oidc-issuer":        {"--certificate-identity", "me", "--certificate-oidc-issuer", ""},
		"--certificate-oidc-issuer-regexp": {"--certificate-identity", "me", "--certificate-oidc-issuer-regexp", ""},
		"--trusted-root":                   {"--trusted-root", "", "--certificate-identity", "me", "--certificate-oidc-issuer", "https://issuer"},
		"--trusted-root without identity":  {"--trusted-root", root},
	}
	env := map[string]string{"GITHUB_TOKEN": "test-token-1", "GITLAB_TOKEN": "test-token-2"}
	for cmd, args := range commands {
		for flag, extra := range flags {
			t.Run(cmd+" "+flag, func(t *testing.T) {
				t.Parallel()
				code, out, errOut := runEnv(t, env, append(append([]string(nil), args...), extra...)...)
				want := strings.Fields(flag)[0]
				if code != ExitUsage || !strings.Contains(errOut, want) {
					t.Errorf("exit %d, want %d naming %s\n%s%s", code, ExitUsage, want, out, errOut)
				}
			})
		}
	}
	t.Run("verify --key", func(t *testing.T) {
		code, out, errOut := run(t, "verify", dist, "--key", "")
		if code != ExitUsage || !strings.Contains(errOut, `--verify-key ""`) {
			t.Errorf("exit %d, want %d naming --verify-key\n%s%s", code, ExitUsage, out, errOut)
		}
	})
}

// TestEmptySigningKeyIsAUsageError: `--sign-key ""` (an unset variable) never means
// "do not sign": build, publish oci and mirror refuse it (exit 2) and write nothing.
func TestEmptySigningKeyIsAUsageError(t *testing.T) {
	t.Parallel()
	tree := sampleTree(t, nil)
	out := filepath.Join(t.TempDir(), "dist")
	dist := builtTiny(t)
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
		"providers:\n- {name: tiny, type: BootstrapProvider, url: \"file://"+dist+"/bootstrap-tiny/v1.0.0/bootstrap-components.yaml\"}\n")
	for name, args := range map[string][]string{
		"build":       {"build", "--config", filepath.Join(tree, "capirepo.yaml"), "--version", "v1.0.0", "--out", out},
		"publish oci": {"publish", "oci", "--from", dist, "--to", "127.0.0.1:1/capi", "--plain-http", "--dry-run"},
		"mirror":      {"mirror", "--out", out, "--from-config", from, "--cert-manager", "", "--to-oci", "127.0.0.1:1/capi", "--plain-http"},
	} {
		code, stdout, stderr := run(t, append(args, "--sign-key", "")...)
		if code != ExitUsage || !strings.Contains(stderr, `--sign-key ""`) {
			t.Errorf("%s: exit %d, want %d naming --sign-key\n%s%s", name, code, ExitUsage, stdout, stderr)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused run wrote %s (%v)", out, err)
	}
}
