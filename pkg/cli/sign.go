package cli

import (
	"context"
	"errors"

	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/spf13/cobra"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/sign"
	"github.com/capirepo/capirepo/pkg/source"
)

// signFlags are build's --sign-key and --sign-keyless (with the Sigstore URLs).
type signFlags struct {
	key       string
	keyless   bool
	fulcioURL string
	rekorURL  string
	rederive  bool // --rederive (publish oci, mirror --to-oci: rederiveFlag)
}

// on reports whether a signing flag is given.
func (s *signFlags) on() bool { return s.key != "" || s.keyless }

func (s *signFlags) flags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&s.key, "sign-key", "", "sign each version's provenance with this private key (cosign key file, password from COSIGN_PASSWORD, or a PEM key)")
	f.BoolVar(&s.keyless, "sign-keyless", false, "sign keyless with the CI's OIDC token through Fulcio and Rekor")
	f.StringVar(&s.fulcioURL, "fulcio-url", sign.DefaultFulcioURL, "Fulcio for --sign-keyless")
	f.StringVar(&s.rekorURL, "rekor-url", sign.DefaultRekorURL, "Rekor for --sign-keyless")
	refuseEmpty(cmd, "sign-key")
}

// rederiveFlag adds --rederive, for the commands that sign again (newResigner).
func (s *signFlags) rederiveFlag(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&s.rederive, "rederive", false, "with --sign-* and no --verify-key: sign a statement re-derived from the files where a bundle "+
		"does not verify under the signing key; you vouch for these bytes now, not the build")
}

// signer loads the key (or the OIDC token) before anything is built; nil when the
// build is not signed. A key that cannot be used is an input error.
func (s *signFlags) signer(ctx context.Context, io streams) (*sign.Signer, error) {
	return s.signerWith(ctx, io, nil)
}

// signerWith is signer whose keyless signatures are recognised later under tr
// (sign.Keyless.TrustedRoot; nil: they are not).
func (s *signFlags) signerWith(ctx context.Context, io streams, tr root.TrustedMaterial) (*sign.Signer, error) {
	switch {
	case s.key != "" && s.keyless:
		return nil, usageErr(errors.New("--sign-key and --sign-keyless exclude each other"))
	case s.key != "":
		key, err := sign.ReadPrivateKey(s.key, []byte(source.KeyPassword(io.lookup)))
		if err != nil {
			return nil, withCode(ExitInput, err)
		}
		signer, err := sign.KeySigner(key)
		return signer, withCode(ExitInput, err)
	case s.keyless:
		t := source.KeylessToken(io.getenv)
		token, err := sign.AmbientToken(ctx, t.IDToken, t.RequestURL, t.RequestToken, httpx.NewClient(httpx.Options{}))
		if err != nil {
			return nil, withCode(ExitPublish, err)
		}
		signer, err := sign.KeylessSigner(sign.Keyless{FulcioURL: s.fulcioURL, RekorURL: s.rekorURL, IDToken: token, TrustedRoot: tr})
		return signer, withCode(ExitInput, err)
	}
	return nil, nil
}

// buildInputs reads what a signed build's statement records (provenance.ForBuild),
// before anything is built. A checkout with uncommitted changes is an input error
// unless --allow-dirty, which is told on stderr.
func buildInputs(ctx context.Context, io streams, o *buildOptions, cfg *config.Config) (provenance.Inputs, error) {
	in, err := provenance.ForBuild(ctx, provenance.Build{Builder: io.capirepo().Version, Config: o.config, SourceDateEpoch: io.lookup("SOURCE_DATE_EPOCH"),
		Remote: provenance.Pins(cfg.RemoteResources), Out: o.out, AllowDirty: o.allowDirty})
	if err != nil {
		return in, withCode(ExitInput, err)
	}
	if in.Source.Dirty {
		io.logf("warning: signing uncommitted changes (--allow-dirty): the statement records commit %s with uncommitted changes of sha256 %s", in.Source.Commit, in.Source.Diff)
	}
	return in, nil
}

// attachProvenance signs every release of the set; the bundles become files of the releases.
func attachProvenance(ctx context.Context, s *sign.Signer, in provenance.Inputs, set *release.Set) error {
	return withCode(ExitPublish, sign.Attach(ctx, s, set, in))
}
