package cli

import (
	"strings"
	"testing"
)

// Usage mistakes that used to exit 1 or 4 exit 2, with the flag named: an invalid
// keyless regular expression (verify, mirror), a --cert-manager that is no version.
func TestUsageMistakesExit2(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"verify", "/srv/repo/bootstrap-tiny/v1.0.0/bootstrap-components.yaml", "--certificate-identity-regexp", "(", "--certificate-oidc-issuer", "https://issuer.example"},
			`--certificate-identity-regexp "(" is not a regular expression`},
		{[]string{"mirror", "--out", t.TempDir(), "--cert-manager", "", "--bootstrap", "kubeadm:v1.0.0", "--certificate-identity", "x", "--certificate-oidc-issuer-regexp", "[a"},
			`--certificate-oidc-issuer-regexp "[a" is not a regular expression`},
		{[]string{"mirror", "--out", t.TempDir(), "--cert-manager", "../x"}, `--cert-manager "../x" is not a version`},
	} {
		code, stdout, stderr := runEnv(t, nil, tt.args...)
		if code != ExitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s: exit %d, want 2 naming %q\n%s%s", strings.Join(tt.args, " "), code, tt.want, stdout, stderr)
		}
	}
}
