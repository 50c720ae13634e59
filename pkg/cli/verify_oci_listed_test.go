package cli

import (
	"bytes"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// TestOCIDownloadsAreCheckedAgainstTheirDescriptors: a registry (or a proxy) serving
// a layer truncated or with other bytes than its descriptor's size and digest fails
// verify oci:// as a remote failure (exit 4) naming the file (every oci:// read goes
// through the same fetch: mirror's too).
func TestOCIDownloadsAreCheckedAgainstTheirDescriptors(t *testing.T) {
	t.Parallel()
	layersOnly := func(f func([]byte) []byte) func([]byte) []byte { // not the config blob, {}
		return func(b []byte) []byte {
			if len(b) <= 2 {
				return b
			}
			return f(b)
		}
	}
	for how, body := range map[string]func([]byte) []byte{"truncated": layersOnly(truncated), "substituted": func(b []byte) []byte {
		return bytes.ReplaceAll(b, []byte("tiny"), []byte("ynit"))
	}} {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			reg := registry.New(t)
			if code, _, errOut := runEnv(t, ociEnv(t), "publish", "oci", "--from", builtTiny(t), "--to", reg.Host+"/capi", "--plain-http"); code != ExitOK {
				t.Fatalf("publish: %s", errOut)
			}
			reg.AddFault(&registry.Fault{Match: func(r *http.Request) bool {
				return r.Method == http.MethodGet && strings.Contains(r.URL.Path, "/blobs/")
			}, Body: body})
			code, out, errOut := runEnv(t, ociEnv(t), "verify", "--plain-http", "oci://"+reg.Host+"/capi/bootstrap-tiny:v1.0.0")
			if code != ExitPublish || !regexp.MustCompile(`pulling v1.0.0: .*[a-z-]+\.yaml: `).MatchString(errOut) {
				t.Errorf("verify: exit %d, want %d naming the file\n%s%s", code, ExitPublish, out, errOut)
			}
		})
	}
}
