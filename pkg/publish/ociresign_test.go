package publish_test

import (
	"context"
	"encoding/json"
	"maps"
	"testing"

	"github.com/capirepo/capirepo/pkg/registry"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/sign"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// startOCIResign is startOCI signing each release again (publish oci --sign-key,
// without input trust: the statement is re-derived from the files); held also holds
// each tag's signatures that verify under the key (signatureHeld).
func startOCIResign(t *testing.T) *target {
	priv, pub := sigstore.KeyPair(t, "")
	pk, err := sign.ParsePrivateKey("cosign.key", priv, nil)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := sign.KeySigner(pk)
	if err != nil {
		t.Fatal(err)
	}
	key, err := sign.ParsePublicKey("cosign.pub", pub)
	if err != nil {
		t.Fatal(err)
	}
	tg, reg, remote := startOCIWith(t, &sign.Resigner{Signer: signer, Builder: "conformance"})
	files := tg.held
	tg.signs = true
	tg.held = func(t *testing.T) map[string]string {
		out := files(t)
		maps.Copy(out, signatureHeld(t, remote, reg.Host+"/capi/bootstrap-tiny", sign.Policy{Key: key}))
		return out
	}
	return tg
}

// signatureHeld maps, per tag, the signature referrers of the manifest it points at
// to "<tag>/<bundle file>" → signed when the bundle verifies under key, its statement
// is about bootstrap-tiny at that tag, names the manifest and covers each layer with
// its digest; a referrer that fails any of it, or a second signature, gets a key of
// its own.
func signatureHeld(t *testing.T, remote registry.Remote, ref string, pol sign.Policy) map[string]string {
	t.Helper()
	ctx := context.Background()
	repo, tags := tagsOf(t, remote, ref)
	out := map[string]string{}
	for _, tag := range tags {
		desc, err := repo.Resolve(ctx, tag)
		if err != nil {
			t.Fatal(err)
		}
		var m ocispec.Manifest
		fetchJSON(t, repo, desc, &m)
		err = repo.Referrers(ctx, desc, oci.SigstoreBundleType, func(ds []ocispec.Descriptor) error {
			for _, d := range ds {
				key := tag + "/" + layout.BundleFile("bootstrap-tiny", tag)
				if _, dup := out[key]; dup {
					key += " copies"
				}
				out[key] = signatureOf(t, repo, d, pol, tag, desc, m)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// signatureOf is what one signature referrer (d) of the manifest desc (m) of tag
// holds: signed, or what is wrong with it.
func signatureOf(t *testing.T, repo content.Fetcher, d ocispec.Descriptor, pol sign.Policy, tag string, desc ocispec.Descriptor, m ocispec.Manifest) string {
	t.Helper()
	var ref ocispec.Manifest
	fetchJSON(t, repo, d, &ref)
	if len(ref.Layers) != 1 {
		return "not one layer"
	}
	b, err := content.FetchAll(context.Background(), repo, ref.Layers[0])
	if err != nil {
		t.Fatal(err)
	}
	st, err := sign.Verify("referrer", b, pol)
	if err != nil {
		return "does not verify: " + err.Error()
	}
	if ps := provenance.Problems(st, "bootstrap-tiny", tag, nil, func(string) bool { return false }); len(ps) > 0 {
		return ps[0].String()
	}
	subjects := map[string]string{}
	for _, s := range st.GetSubject() {
		subjects[s.GetName()] = s.GetDigest()["sha256"]
	}
	want := map[string]string{}
	for _, l := range m.Layers {
		want[l.Annotations[oci.AnnotationTitle]] = l.Digest.Encoded()
	}
	manifest := ""
	for name, sum := range subjects {
		if sum == desc.Digest.Encoded() {
			manifest = name
		}
	}
	delete(subjects, manifest)
	if manifest == "" || !maps.Equal(subjects, want) {
		return "signs other content"
	}
	return signed
}

func fetchJSON(t *testing.T, repo content.Fetcher, d ocispec.Descriptor, v any) {
	t.Helper()
	raw, err := content.FetchAll(context.Background(), repo, d)
	if err == nil {
		err = json.Unmarshal(raw, v)
	}
	if err != nil {
		t.Fatal(err)
	}
}
