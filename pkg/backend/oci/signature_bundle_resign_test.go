package oci

import (
	"context"
	"errors"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/sign"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// signedFor maps each signature referrer of all:v1.2.3 that verifies under key to
// the release its statement is for ("<label> <version>"), with its descriptor.
func signedFor(t *testing.T, srv *registry.Server, key *sign.Policy) map[string]ocispec.Descriptor {
	t.Helper()
	ctx := context.Background()
	repo, err := regclient.Remote{PlainHTTP: true}.Repository(srv.Host + "/capi/all")
	if err != nil {
		t.Fatal(err)
	}
	subject, err := repo.Resolve(ctx, "v1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]ocispec.Descriptor{}
	err = repo.Referrers(ctx, subject, SigstoreBundleType, func(ds []ocispec.Descriptor) error {
		for _, d := range ds {
			_, b, ok := bundleOf(ctx, repo, d, true)
			st, err := sign.Verify("referrer", b, *key)
			if !ok || err != nil {
				t.Fatalf("referrer %s: %v", d.Digest, err)
			}
			params := st.GetPredicate().GetFields()["buildDefinition"].GetStructValue().GetFields()["externalParameters"].GetStructValue().GetFields()
			out[params["provider"].GetStringValue()+" "+params["version"].GetStringValue()] = d
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestResignBundleKeepsEveryReleasesSignature: in a --bundle artifact each release's
// signature is its own. When one release's signature is missing (an attach that was
// interrupted), re-signing puts that one only: the other release's signature is
// neither taken for the missing one's stale signature nor removed with --replace.
func TestResignBundleKeepsEveryReleasesSignature(t *testing.T) {
	srv := registry.New(t)
	priv, pub := sigstore.KeyPair(t, "")
	pk, err := sign.ParsePrivateKey("k.key", priv, nil)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := sign.KeySigner(pk)
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := sign.ParsePublicKey("k.pub", pub)
	if err != nil {
		t.Fatal(err)
	}
	key := &sign.Policy{Key: verifier}
	s := set(rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n"), rel(layout.InfrastructureProvider, "gcp", "v1.2.3", "kind: G\n"))
	opts := Options{Bundle: &Bundle{Name: "all"}, Resign: &sign.Resigner{Signer: signer, Builder: "test"}}
	ctx := context.Background()
	if rep, err := publish.Publish(ctx, s, newPub(t, srv, opts), publish.Policy{}); err != nil || rep.Count(publish.Written) != 8 {
		t.Fatalf("first run: err %v, %d written; want the 6 files and 2 signatures", err, rep.Count(publish.Written))
	}
	sigs := signedFor(t, srv, key)
	if len(sigs) != 2 {
		t.Fatalf("signatures for %v, want aws and gcp", sigs)
	}
	repo, _ := regclient.Remote{PlainHTTP: true}.Repository(srv.Host + "/capi/all")
	if err := repo.Delete(ctx, sigs["infrastructure-gcp v1.2.3"]); err != nil {
		t.Fatal(err)
	}
	rep, err := publish.Publish(ctx, s, newPub(t, srv, opts), publish.Policy{})
	if !errors.Is(err, publish.ErrConflict) || rep.Count(publish.Refused) != 1 || rep.Count(publish.Skipped) != 7 {
		t.Fatalf("without --replace: err %v, %d refused, %d skipped; want gcp's missing signature refused, aws's skipped", err, rep.Count(publish.Refused), rep.Count(publish.Skipped))
	}
	rep, err = publish.Publish(ctx, s, newPub(t, srv, opts), publish.Policy{Replace: true})
	if err != nil || rep.Count(publish.Written) != 1 || rep.Count(publish.Skipped) != 7 {
		t.Fatalf("with --replace: err %v, %d written, %d skipped; want gcp's signature put, the rest skipped", err, rep.Count(publish.Written), rep.Count(publish.Skipped))
	}
	if got := signedFor(t, srv, key); len(got) != 2 || got["infrastructure-aws v1.2.3"].Digest != sigs["infrastructure-aws v1.2.3"].Digest {
		t.Errorf("signatures for %v; want aws's first signature kept and gcp's signed again", got)
	}
}
