// Package operator runs the real cluster-api-operator kubectl plugin (built by
// `make install-tools` into bin/) offline and isolated: a temporary HOME, a KUBECONFIG
// that does not exist and no OCI credentials.
package operator

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tool"
)

// Version is the plugin version the Makefile builds.
const Version = "v0.29.0"

// Plugin is the installed plugin binary.
type Plugin = tool.Binary

// Find returns the plugin (see tool.Find).
func Find(t testing.TB) Plugin {
	t.Helper()
	return tool.Find(t, "operator plugin", "capi-operator-plugin-"+Version,
		map[string]string{"XDG_CONFIG_HOME": "xdg", "KUBECONFIG": "no-such-kubeconfig"})
}
