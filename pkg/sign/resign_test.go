package sign

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/opencontainers/go-digest"
	sgsign "github.com/sigstore/sigstore-go/pkg/sign"

	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// split is a signed release as the oci publisher passes it: its files, its bundle.
func split(r *release.Release) (*release.Release, []byte) {
	c := *r
	c.Files = nil
	var b []byte
	for _, f := range r.Files {
		if strings.HasSuffix(f.Name, ".sigstore.json") {
			b = f.Data
			continue
		}
		c.Files = append(c.Files, f)
	}
	return &c, b
}

const ref = "registry.example/capi/infrastructure-demo"

var subject = digest.FromString("manifest")

// TestResignerVerifiesBeforeSigningAgain: with input trust the release's own bundle
// must verify and cover every file; otherwise nothing is signed and the error names
// the file. Without input trust the statement is re-derived from the files.
func TestResignerVerifiesBeforeSigningAgain(t *testing.T) {
	priv, pub := sigstore.KeyPair(t, "")
	key, _ := ParsePublicKey("k.pub", pub)
	_, otherPub := sigstore.KeyPair(t, "")
	other, _ := ParsePublicKey("o.pub", otherPub)
	signer := keySigner(t, priv, "")
	r, b := split(signedSet(t, signer, "v1.0.0").Releases[0])
	rs := &Resigner{Signer: signer, Trust: &Policy{Key: key}, Builder: "test"}
	st, err := rs.Statement(context.Background(), r, b)
	if err != nil || len(st.GetSubject()) != 3 || st.GetPredicate().GetFields()["buildDefinition"].GetStructValue().GetFields()["buildType"].GetStringValue() != provenance.BuildType {
		t.Fatalf("the build's own statement: %v %v", st, err)
	}
	changed := *r
	changed.Files = append([]release.File{{Name: "cluster-template.yaml", Data: []byte("kind: Other\n")}}, r.Files[1:]...)
	cases := map[string]struct {
		rs   *Resigner
		r    *release.Release
		b    []byte
		want string
	}{
		"changed file": {rs, &changed, b, "infrastructure-demo/v1.0.0/cluster-template.yaml: changed after signing"},
		"another key":  {&Resigner{Signer: signer, Trust: &Policy{Key: other}}, r, b, "infrastructure-demo/v1.0.0/infrastructure-demo-v1.0.0.sigstore.json: "},
		"unsigned":     {rs, r, nil, "infrastructure-demo-v1.0.0.sigstore.json: missing"},
	}
	for name, c := range cases {
		if _, err := c.rs.Statement(context.Background(), c.r, c.b); !errors.Is(err, ErrVerify) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrVerify naming %q", name, err, c.want)
		}
		if err := c.rs.Check(context.Background(), c.r, c.b); err == nil {
			t.Errorf("%s: Check accepted it", name)
		}
	}
	derived, err := (&Resigner{Signer: signer, Builder: "test"}).Statement(context.Background(), &changed, nil)
	if err != nil || derived.GetPredicate().GetFields()["buildDefinition"].GetStructValue().GetFields()["buildType"].GetStringValue() != provenance.RepublishType {
		t.Fatalf("re-derived: %v %v", derived, err)
	}
	if got := derived.GetSubject()[0].GetDigest()["sha256"]; got != release.SHA256([]byte("kind: Other\n")) {
		t.Errorf("the re-derived statement does not hold the files as they are: %s", got)
	}
}

// TestResignerWithoutInputTrust: without Trust a bundle is held against the files
// without a key (a changed file is refused, even with Rederive), then must verify
// under the signer's own key; another key's bundle is refused unless Rederive, which
// re-derives the statement from the files.
func TestResignerWithoutInputTrust(t *testing.T) {
	ctx := context.Background()
	priv, _ := sigstore.KeyPair(t, "")
	otherPriv, _ := sigstore.KeyPair(t, "")
	signer, other := keySigner(t, priv, ""), keySigner(t, otherPriv, "")
	r, b := split(signedSet(t, signer, "v1.0.0").Releases[0])
	_, theirs := split(signedSet(t, other, "v1.0.0").Releases[0])
	changed := *r
	changed.Files = append([]release.File{{Name: "cluster-template.yaml", Data: []byte("kind: Other\n")}}, r.Files[1:]...)
	own, vouch := &Resigner{Signer: signer, Builder: "test"}, &Resigner{Signer: signer, Rederive: true, Builder: "test"}
	for name, c := range map[string]struct {
		rs        *Resigner
		r         *release.Release
		b         []byte
		buildType string // "": refused
		want      string
	}{
		"own key":                {own, r, b, provenance.BuildType, ""},
		"changed file":           {own, &changed, b, "", "cluster-template.yaml: changed after signing"},
		"changed file, rederive": {vouch, &changed, b, "", "cluster-template.yaml: changed after signing"},
		"another key":            {own, r, theirs, "", "not signed by the signing key itself"},
		"another key, rederive":  {vouch, r, theirs, provenance.RepublishType, ""},
		"own key, rederive":      {vouch, r, b, provenance.BuildType, ""},
	} {
		st, err := c.rs.Statement(ctx, c.r, c.b)
		got := st.GetPredicate().GetFields()["buildDefinition"].GetStructValue().GetFields()["buildType"].GetStringValue()
		switch {
		case c.buildType == "" && (!errors.Is(err, ErrVerify) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want ErrVerify naming %q", name, err, c.want)
		case c.buildType != "" && (err != nil || got != c.buildType):
			t.Errorf("%s: %s (%v), want a %s statement", name, got, err, c.buildType)
		}
	}
}

// TestResignerHoldsOnlyItsOwnSignature: a bundle Resign made is this signer's
// signature of the same statement; for another subject it is this signer's of
// another statement; another key's bundle of the same statement, and this signer's
// bundle of another release of the artifact, are not this signer's signature of r.
func TestResignerHoldsOnlyItsOwnSignature(t *testing.T) {
	priv, pub := sigstore.KeyPair(t, "")
	key, _ := ParsePublicKey("k.pub", pub)
	otherPriv, _ := sigstore.KeyPair(t, "")
	signer := keySigner(t, priv, "")
	both := signedSet(t, signer, "v1.0.0", "v1.1.0")
	r, b := split(both.Releases[0])
	rs := &Resigner{Signer: signer, Trust: &Policy{Key: key}}
	ctx := context.Background()
	mine, err := rs.Resign(ctx, r, b, ref, subject)
	if err != nil {
		t.Fatal(err)
	}
	next, nextBundle := split(both.Releases[1])
	otherRelease, err := rs.Resign(ctx, next, nextBundle, ref, subject)
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := (&Resigner{Signer: keySigner(t, otherPriv, ""), Trust: &Policy{Key: key}}).Resign(ctx, r, b, ref, subject)
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		existing   []byte
		subject    digest.Digest
		mine, same bool
	}{
		"mine":                    {mine, subject, true, true},
		"mine, another manifest":  {mine, digest.FromString("other"), true, false},
		"the build's own bundle":  {b, subject, true, false},
		"another key's signature": {theirs, subject, false, false},
		"mine, another release":   {otherRelease, subject, false, false}, // --bundle: one artifact, several releases
		"not a bundle":            {[]byte("{}"), subject, false, false},
	} {
		if m, s := rs.Holder(ctx, r, b, ref, c.subject)(c.existing); m != c.mine || s != c.same {
			t.Errorf("%s: mine %v same %v, want %v %v", name, m, s, c.mine, c.same)
		}
	}
	st, err := Verify("mine", mine, Policy{Key: key})
	if err != nil || st.GetSubject()[len(st.GetSubject())-1].GetName() != ref {
		t.Errorf("the new signature does not verify or name the artifact: %v", err)
	}
}

// TestKeylessSignerRecognisesItsOwnSignatures: a keyless signer knows its identity
// from its certificate and, under its trusted root, recognises a signature it made;
// without a trusted root it recognises none.
func TestKeylessSignerRecognisesItsOwnSignatures(t *testing.T) {
	k := sigstore.NewKeyless(t, "release@example.org", "https://issuer.example")
	ctx := context.Background()
	s, err := KeylessSigner(Keyless{IDToken: k.Token(), Fulcio: k.Fulcio, Rekor: k.Rekor, TrustedRoot: k.TrustedRoot})
	if err != nil {
		t.Fatal(err)
	}
	own, err := s.Own(ctx)
	if err != nil || own.Identity != "release@example.org" || own.Issuer != "https://issuer.example" {
		t.Fatalf("own policy %+v (%v)", own, err)
	}
	r := releaseOf("v1.0.0")
	rs := &Resigner{Signer: s, Builder: "test"}
	b, err := rs.Resign(ctx, r, nil, ref, subject)
	if err != nil {
		t.Fatal(err)
	}
	if mine, same := rs.Holder(ctx, r, nil, ref, subject)(b); !mine || !same {
		t.Errorf("its own keyless signature: mine %v same %v", mine, same)
	}
	later, err := KeylessSigner(Keyless{IDToken: k.Token(), Fulcio: k.Fulcio, Rekor: k.Rekor, TrustedRoot: k.TrustedRoot})
	if err != nil {
		t.Fatal(err)
	}
	if mine, same := (&Resigner{Signer: later, Builder: "test"}).Holder(ctx, r, nil, ref, subject)(b); !mine || !same {
		t.Errorf("a later run of the same identity: mine %v same %v", mine, same)
	}
	stranger := sigstore.NewKeyless(t, "someone@example.org", "https://issuer.example")
	s2, _ := KeylessSigner(Keyless{IDToken: stranger.Token(), Fulcio: stranger.Fulcio, Rekor: stranger.Rekor, TrustedRoot: k.TrustedRoot})
	if mine, _ := (&Resigner{Signer: s2, Builder: "test"}).Holder(ctx, r, nil, ref, subject)(b); mine {
		t.Error("another identity's signer took the signature for its own")
	}
	noRoot, _ := KeylessSigner(Keyless{IDToken: k.Token(), Fulcio: k.Fulcio, Rekor: k.Rekor})
	if mine, _ := (&Resigner{Signer: noRoot, Builder: "test"}).Holder(ctx, r, nil, ref, subject)(b); mine {
		t.Error("without a trusted root a keyless signature was recognised")
	}
}

// refusingFulcio is a Fulcio that refuses the token, as Fulcio answers an expired one.
type refusingFulcio struct{}

func (refusingFulcio) GetCertificate(context.Context, sgsign.Keypair, *sgsign.CertificateProviderOptions) ([]byte, error) {
	return nil, errors.New(`Fulcio returned 401: {"code":16,"message":"There was an error processing the identity token"}`)
}

// TestResignerCheckFailsWhenItCannotTellItsOwnSignatures: a keyless signer that
// cannot learn its identity (Fulcio refuses the token; no trusted root) would take
// its own earlier signatures for absent (Holds), so Check fails before anything is
// read, naming the cause and what to check, never the token.
func TestResignerCheckFailsWhenItCannotTellItsOwnSignatures(t *testing.T) {
	k := sigstore.NewKeyless(t, "release@example.org", "https://issuer.example")
	r := releaseOf("v1.0.0")
	for name, c := range map[string]struct {
		keyless Keyless
		want    string
	}{
		"Fulcio refuses the token": {Keyless{IDToken: k.Token(), Fulcio: refusingFulcio{}, Rekor: k.Rekor, TrustedRoot: k.TrustedRoot}, "Fulcio returned 401"},
		"no trusted root":          {Keyless{IDToken: k.Token(), Fulcio: k.Fulcio, Rekor: k.Rekor}, "without a trusted root"},
	} {
		s, err := KeylessSigner(c.keyless)
		if err != nil {
			t.Fatal(err)
		}
		err = (&Resigner{Signer: s, Builder: "test"}).Check(context.Background(), r, nil)
		if err == nil || !strings.Contains(err.Error(), "signing infrastructure-demo v1.0.0 again: this signer's identity") ||
			!strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "--fulcio-url") || strings.Contains(err.Error(), k.Token()) {
			t.Errorf("%s: Check = %v; want the cause (%q) and what to check, without the token", name, err, c.want)
		}
	}
	s, _ := KeylessSigner(Keyless{IDToken: k.Token(), Fulcio: k.Fulcio, Rekor: k.Rekor, TrustedRoot: k.TrustedRoot})
	if err := (&Resigner{Signer: s, Builder: "test"}).Check(context.Background(), r, nil); err != nil {
		t.Errorf("a working keyless signer: %v", err)
	}
}
