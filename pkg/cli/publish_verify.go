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

// verifyInput checks every release of the set before anything is published: its
// own bundle must match its files, key or not (sign.Matches); with the input trust
// flags it must be there and verify (sign.VerifyRelease). A refusal names the file
// and exits 1. publish oci --sign-* leaves both to its Resigner, which checks the
// same (and by default verifies under the signing key) before it signs again.
func (c *commonPublish) verifyInput(set *release.Set) error {
	if c.resigns {
		return nil
	}
	p, err := c.trust.policy()
	if err != nil {
		return err
	}
	for _, r := range set.Releases {
		err := sign.Matches(r)
		if err == nil && p != nil {
			err = sign.VerifyRelease(r, *p)
		}
		if err != nil {
			return withCode(ExitFindings, err)
		}
	}
	return nil
}
