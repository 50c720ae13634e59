// Package cosign runs the real cosign CLI (built by `make install-tools` into bin/)
// offline and isolated: a temporary HOME, no TUF cache, no registry credentials.
package cosign

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tool"
)

// Version is the cosign version the Makefile builds.
const Version = "v3.1.3"

// Binary is the installed cosign.
type Binary = tool.Binary

// Find returns cosign (see tool.Find).
func Find(t testing.TB) Binary {
	t.Helper()
	return tool.Find(t, "cosign", "cosign-"+Version, map[string]string{"TUF_ROOT": "tuf", "DOCKER_CONFIG": "docker"})
}
