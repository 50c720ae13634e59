package sign

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

func statement(t *testing.T) []byte {
	t.Helper()
	r := &release.Release{Provider: layout.Provider{Type: "CoreProvider", Name: "demo"}, Version: layout.MustParseVersion("v1.0.0"), ComponentsFile: "core-components.yaml",
		Files: []release.File{{Name: "core-components.yaml", Data: []byte("a: 1\n")}, {Name: "metadata.yaml", Data: []byte("b: 2\n")}}}
	st, err := provenance.Statement(r, provenance.Inputs{BuilderVersion: "test", Time: time.Unix(1, 0)})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func keySigner(t *testing.T, priv []byte, password string) *Signer {
	t.Helper()
	key, err := ParsePrivateKey("k.key", priv, []byte(password))
	if err != nil {
		t.Fatal(err)
	}
	s, err := KeySigner(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestKeySignVerify(t *testing.T) {
	for _, password := range []string{"s3cret-pw", ""} {
		priv, pub := sigstore.KeyPair(t, password)
		b, err := keySigner(t, priv, password).Sign(context.Background(), statement(t))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), MediaType) || !strings.Contains(string(b), "dsseEnvelope") {
			t.Fatalf("not a v0.3 DSSE bundle: %s", b)
		}
		key, err := ParsePublicKey("k.pub", pub)
		if err != nil {
			t.Fatal(err)
		}
		st, err := Verify("b.json", b, Policy{Key: key})
		if err != nil {
			t.Fatalf("password %q: %v", password, err)
		}
		if len(st.GetSubject()) != 2 {
			t.Errorf("verified statement has %d subjects", len(st.GetSubject()))
		}
		_, otherPub := sigstore.KeyPair(t, "")
		other, _ := ParsePublicKey("o.pub", otherPub)
		if _, err := Verify("b.json", b, Policy{Key: other}); !errors.Is(err, ErrVerify) {
			t.Errorf("another key verified the bundle: %v", err)
		}
		tampered := strings.Replace(string(b), `"payload": "`, `"payload": "e30`, 1)
		if _, err := Verify("b.json", []byte(tampered), Policy{Key: key}); !errors.Is(err, ErrVerify) {
			t.Errorf("a tampered payload verified: %v", err)
		}
	}
}

func TestBadKeysAreOneClearError(t *testing.T) {
	priv, _ := sigstore.KeyPair(t, "right-password")
	cases := map[string]struct {
		data     []byte
		password string
		want     string
	}{
		"wrong password": {priv, "wrong-password", "wrong COSIGN_PASSWORD"},
		"no password":    {priv, "", "set COSIGN_PASSWORD"},
		"not PEM":        {[]byte("hello"), "", "not a PEM private key"},
		"public key":     {[]byte("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"), "", "is not a private key"},
		"damaged":        {[]byte("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"), "", "not a usable private key"},
	}
	for name, c := range cases {
		_, err := ParsePrivateKey("k.key", c.data, []byte(c.password))
		if !errors.Is(err, ErrKey) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "k.key") {
			t.Errorf("%s: %v, want ErrKey naming k.key and %q", name, err, c.want)
		}
		if err != nil && c.password != "" && strings.Contains(err.Error(), c.password) {
			t.Errorf("%s: the error quotes the password", name)
		}
	}
}

func TestKeylessSignVerifyOffline(t *testing.T) {
	k := sigstore.NewKeyless(t, "release@example.org", "https://issuer.example")
	s, err := KeylessSigner(Keyless{IDToken: k.Token(), Fulcio: k.Fulcio, Rekor: k.Rekor})
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Sign(context.Background(), statement(t))
	if err != nil {
		t.Fatal(err)
	}
	ok := Policy{Identity: "release@example.org", Issuer: "https://issuer.example", TrustedRoot: k.TrustedRoot}
	if _, err := Verify("b.json", b, ok); err != nil {
		t.Fatalf("keyless bundle does not verify: %v", err)
	}
	re := Policy{IdentityRegexp: `^release@example\.(org|com)$`, Issuer: "https://issuer.example", TrustedRoot: k.TrustedRoot}
	if _, err := Verify("b.json", b, re); err != nil {
		t.Fatalf("identity regexp: %v", err)
	}
	for name, p := range map[string]Policy{
		"other identity": {Identity: "mallory@example.org", Issuer: "https://issuer.example", TrustedRoot: k.TrustedRoot},
		"other issuer":   {Identity: "release@example.org", Issuer: "https://other.example", TrustedRoot: k.TrustedRoot},
		"other root":     {Identity: "release@example.org", Issuer: "https://issuer.example", TrustedRoot: sigstore.NewKeyless(t, "x", "y").TrustedRoot},
	} {
		if _, err := Verify("b.json", b, p); !errors.Is(err, ErrVerify) {
			t.Errorf("%s: verified: %v", name, err)
		}
	}
	if _, err := KeylessSigner(Keyless{}); err == nil || !strings.Contains(err.Error(), "id-token: write") {
		t.Errorf("keyless without a token: %v", err)
	}
}
