package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/spf13/cobra"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/sign"
	"github.com/capirepo/capirepo/pkg/source"
)

// RuleSignature is the finding of a version whose files its signature does not cover.
const RuleSignature = "signature"

// sigFlags are the signature checks of verify (--key) and mirror (--verify-key).
type sigFlags struct {
	key, identity, identityRegexp, issuer, issuerRegexp, trustedRoot string
}

func (s *sigFlags) flags(cmd *cobra.Command, keyFlag string) {
	f := cmd.Flags()
	f.StringVar(&s.key, keyFlag, "", "require each version's signature bundle to verify with this public key (cosign.pub)")
	f.StringVar(&s.identity, "certificate-identity", "", "require a keyless signature by this identity (certificate SAN)")
	f.StringVar(&s.identityRegexp, "certificate-identity-regexp", "", "require a keyless signature by an identity matching this regular expression")
	f.StringVar(&s.issuer, "certificate-oidc-issuer", "", "with the identity flags: the OIDC issuer of the signing certificate")
	f.StringVar(&s.issuerRegexp, "certificate-oidc-issuer-regexp", "", "with the identity flags: a regular expression for the OIDC issuer")
	f.StringVar(&s.trustedRoot, "trusted-root", "", "Sigstore trusted root JSON for keyless verification, offline (default: fetch the public-good root)")
}

// policy returns the verification policy; nil when no signature is asked for.
func (s *sigFlags) policy() (*sign.Policy, error) {
	keyless := s.identity != "" || s.identityRegexp != "" || s.issuer != "" || s.issuerRegexp != ""
	switch {
	case s.key == "" && !keyless:
		return nil, nil
	case s.key != "" && keyless:
		return nil, usageErr(errors.New("give either a public key or the --certificate-* identity flags, not both"))
	case s.key != "":
		data, err := os.ReadFile(s.key)
		if err != nil {
			return nil, withCode(ExitInput, fmt.Errorf("public key %s: cannot read it: %w", s.key, errors.Unwrap(err)))
		}
		pub, err := sign.ParsePublicKey(s.key, data)
		return &sign.Policy{Key: pub}, withCode(ExitInput, err)
	case (s.identity == "" && s.identityRegexp == "") || (s.issuer == "" && s.issuerRegexp == ""):
		return nil, usageErr(errors.New("keyless verification needs --certificate-identity (or -regexp) and --certificate-oidc-issuer (or -regexp)"))
	}
	p := &sign.Policy{Identity: s.identity, IdentityRegexp: s.identityRegexp, Issuer: s.issuer, IssuerRegexp: s.issuerRegexp}
	var err error
	if s.trustedRoot != "" {
		p.TrustedRoot, err = root.NewTrustedRootFromPath(s.trustedRoot)
	} else {
		p.TrustedRoot, err = root.FetchTrustedRoot()
	}
	if err != nil {
		return nil, withCode(ExitInput, fmt.Errorf("trusted root %s: %w", s.trustedRoot, err))
	}
	return p, nil
}

// signatureFindings verifies one version read from r: its bundle (for oci://, the
// bundles attached as referrers: one must pass), then every file clusterctl reads
// (files) against the signed statement. Each problem is an error finding naming the file.
func signatureFindings(ctx context.Context, r source.Reader, p *sign.Policy, components, label, version string, files map[string][]byte) lint.Findings {
	name := sign.BundleName(label, version)
	at := func(file, msg string) lint.Finding {
		return lint.Finding{Rule: RuleSignature, Severity: lint.Error, File: label + "/" + version + "/" + file, Message: msg}
	}
	bundles, err := readBundles(ctx, r, version, name)
	switch {
	case err != nil:
		return lint.Findings{at(name, fmt.Sprintf("reading the signature bundle: %v", err))}
	case len(bundles) == 0:
		return lint.Findings{at(name, "no signature bundle: the version is not signed (or not by capirepo build --sign-*)")}
	}
	var out lint.Findings
	for _, b := range bundles {
		out = nil
		for _, pr := range sign.VerifyFiles(label, version, b, files, sign.Reads(components), *p) {
			out = append(out, at(pr.File, pr.Message))
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

// readBundles reads the version's bundle file, or an OCI artifact's bundle referrers.
func readBundles(ctx context.Context, r source.Reader, version, name string) ([][]byte, error) {
	if o, ok := r.(*oci.Reader); ok {
		return o.Bundles(ctx, version)
	}
	b, err := r.File(ctx, version, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return [][]byte{b}, nil
}
