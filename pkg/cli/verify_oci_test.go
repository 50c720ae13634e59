package cli

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

func TestVerifyOCI(t *testing.T) {
	t.Parallel()
	reg := registry.New(t)
	env := ociEnv(t)
	if code, _, errOut := runEnv(t, env, "publish", "oci", "--from", builtTiny(t), "--to", reg.Host+"/capi", "--plain-http"); code != ExitOK {
		t.Fatalf("publish: %s", errOut)
	}
	base := "oci://" + reg.Host + "/capi/bootstrap-tiny"
	for _, ref := range []string{base, base + ":v1.0.0"} {
		code, out, errOut := runEnv(t, env, "verify", "--plain-http", ref)
		if code != ExitOK || !strings.Contains(out, "v1.0.0") {
			t.Errorf("verify %s: exit %d\n%s%s", ref, code, out, errOut)
		}
	}
	for ref, want := range map[string]int{
		base + "@sha256:0000000000000000000000000000000000000000000000000000000000000000": ExitUsage,
		base + ":v9.9.9": ExitPublish,
	} {
		if code, out, errOut := runEnv(t, env, "verify", "--plain-http", ref); code != want {
			t.Errorf("verify %s: exit %d, want %d\n%s%s", ref, code, want, out, errOut)
		}
	}
}
