package cli

import (
	"errors"
	"fmt"
	"regexp"

	"github.com/spf13/cobra"

	"github.com/capirepo/capirepo/pkg/sign"
)

// sigFlags are the signature checks of verify (--key) and mirror (--verify-key).
type sigFlags struct {
	key, identity, identityRegexp, issuer, issuerRegexp, trustedRoot string

	signs *signFlags // the command's own --sign-*, whose --sign-keyless may use --trusted-root alone
}

func (s *sigFlags) flags(cmd *cobra.Command, keyFlag string) {
	f := cmd.Flags()
	f.StringVar(&s.key, keyFlag, "", "require each version's signature bundle to verify with this public key (cosign.pub)")
	f.StringVar(&s.identity, "certificate-identity", "", "require a keyless signature by this identity (certificate SAN)")
	f.StringVar(&s.identityRegexp, "certificate-identity-regexp", "", "require a keyless signature by an identity matching this regular expression")
	f.StringVar(&s.issuer, "certificate-oidc-issuer", "", "with the identity flags: the OIDC issuer of the signing certificate")
	f.StringVar(&s.issuerRegexp, "certificate-oidc-issuer-regexp", "", "with the identity flags: a regular expression for the OIDC issuer")
	f.StringVar(&s.trustedRoot, "trusted-root", "", "Sigstore trusted root JSON for keyless verification, offline (default: fetch the public-good root)")
	refuseEmpty(cmd, keyFlag, "certificate-identity", "certificate-identity-regexp", "certificate-oidc-issuer", "certificate-oidc-issuer-regexp", "trusted-root")
}

// policy returns the verification policy; nil when no signature is asked for.
func (s *sigFlags) policy() (*sign.Policy, error) {
	keyless := s.identity != "" || s.identityRegexp != "" || s.issuer != "" || s.issuerRegexp != ""
	switch {
	case s.trustedRoot != "" && !keyless && (s.signs == nil || !s.signs.keyless):
		return nil, usageErr(errors.New("--trusted-root is the root of keyless verification: give --certificate-identity (or -regexp) and --certificate-oidc-issuer (or -regexp) with it"))
	case s.key == "" && !keyless:
		return nil, nil
	case s.key != "" && keyless:
		return nil, usageErr(errors.New("give either a public key or the --certificate-* identity flags, not both"))
	case s.key != "":
		pub, err := sign.ReadPublicKey(s.key)
		return &sign.Policy{Key: pub}, withCode(ExitInput, err)
	case (s.identity == "" && s.identityRegexp == "") || (s.issuer == "" && s.issuerRegexp == ""):
		return nil, usageErr(errors.New("keyless verification needs --certificate-identity (or -regexp) and --certificate-oidc-issuer (or -regexp)"))
	}
	for _, f := range [][2]string{{"--certificate-identity-regexp", s.identityRegexp}, {"--certificate-oidc-issuer-regexp", s.issuerRegexp}} {
		if _, err := regexp.Compile(f[1]); err != nil {
			return nil, usageErr(fmt.Errorf("%s %q is not a regular expression: %w", f[0], f[1], err))
		}
	}
	p := &sign.Policy{Identity: s.identity, IdentityRegexp: s.identityRegexp, Issuer: s.issuer, IssuerRegexp: s.issuerRegexp}
	var err error
	if p.TrustedRoot, err = sign.LoadTrustedRoot(s.trustedRoot); err != nil {
		return nil, withCode(ExitInput, err)
	}
	return p, nil
}
