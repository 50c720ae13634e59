package cli

import (
	"github.com/spf13/cobra"

	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/sign"
)

// trustFlags adds the input trust of every publish command: --verify-key and the
// keyless identity flags, as mirror names them.
func (c *commonPublish) trustFlags(cmd *cobra.Command) {
	c.trust.flags(cmd, "verify-key")
}

// verifyInput checks, when the input trust flags are given, that every release of
// the set is signed and that its bundle verifies and covers every file
// (sign.VerifyRelease), before anything is published: a refusal names the file and
// exits 1. publish oci --sign-* leaves it to its Resigner, which verifies the same
// before it signs again.
func (c *commonPublish) verifyInput(set *release.Set) error {
	if c.resigns {
		return nil
	}
	p, err := c.trust.policy()
	if err != nil || p == nil {
		return err
	}
	for _, r := range set.Releases {
		if err := sign.VerifyRelease(r, *p); err != nil {
			return withCode(ExitFindings, err)
		}
	}
	return nil
}
