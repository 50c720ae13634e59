package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sort"

	intoto "github.com/in-toto/attestation/go/v1"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/sign"
)

// ociBundles takes the signature bundles out of the set (they are no artifact layers)
// and, once the artifacts are pushed, attaches each as an OCI 1.1 referrer of its
// artifact. With --sign-key/--sign-keyless the bundle is signed again with the
// artifact's manifest digest among the subjects, which `cosign verify-attestation`
// requires; without them the build's bundle is attached as it is.
func (o *publishOCIOptions) ociBundles(io streams, opts oci.Options) func(context.Context, *release.Set) (func(context.Context) error, error) {
	return func(ctx context.Context, set *release.Set) (func(context.Context) error, error) {
		signer, err := o.sign.signer(ctx, io)
		if err != nil {
			return nil, err
		}
		bundles := sign.Detach(set)
		if signer != nil && len(bundles) == 0 {
			return nil, usageErr(errors.New("--sign-key/--sign-keyless: the build in --from is not signed; build it with --sign-key or --sign-keyless"))
		}
		return func(ctx context.Context) error { return o.attach(ctx, opts, signer, bundles) }, nil
	}
}

func (o *publishOCIOptions) attach(ctx context.Context, opts oci.Options, signer *sign.Signer, bundles map[*release.Release][]byte) error {
	t, err := oci.ParseTarget(o.to)
	if err != nil {
		return err
	}
	rels := make([]*release.Release, 0, len(bundles))
	for r := range bundles {
		rels = append(rels, r)
	}
	sort.Slice(rels, func(i, j int) bool { return rels[i].String() < rels[j].String() })
	for _, r := range rels {
		ref, tag := t.Repo(r.Label()), r.Version
		if opts.Bundle != nil {
			ref, tag = t.Repo(opts.Bundle.Name), cmp.Or(opts.Bundle.Tag, r.Version)
		}
		if err := attachOne(ctx, opts.Remote, signer, r, ref, tag, bundles[r]); err != nil {
			return fmt.Errorf("attaching the signature of %s to %s:%s: %w", r, ref, tag, err)
		}
	}
	return nil
}

func attachOne(ctx context.Context, remote oci.Remote, signer *sign.Signer, r *release.Release, ref, tag string, b []byte) error {
	repo, err := remote.Repository(ref)
	if err != nil {
		return err
	}
	subject, err := repo.Resolve(ctx, tag)
	if err != nil {
		return oci.Explain(err)
	}
	if signer != nil {
		name := sign.BundleName(r.Label(), r.Version)
		st, err := sign.Restate(name, b, &intoto.ResourceDescriptor{Name: ref, Digest: map[string]string{"sha256": subject.Digest.Encoded()}})
		if err != nil {
			return err
		}
		if b, err = signer.Sign(ctx, st); err != nil {
			return err
		}
	}
	_, err = oci.AttachBundle(ctx, repo, subject, b, provenance.PredicateType)
	return err
}
