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

func releaseOf(version string) *release.Release {
	return &release.Release{Provider: layout.Provider{Type: "InfrastructureProvider", Name: "demo"}, Version: layout.NamedVersion(version), ComponentsFile: "infrastructure-components.yaml",
		Files: []release.File{{Name: "cluster-template.yaml", Data: []byte("kind: Cluster\n")},
			{Name: "infrastructure-components.yaml", Data: []byte("kind: Namespace\n")}, {Name: "metadata.yaml", Data: []byte("kind: Metadata\n")}}}
}

func signedSet(t *testing.T, s *Signer, versions ...string) *release.Set {
	t.Helper()
	set := &release.Set{}
	for _, v := range versions {
		set.Releases = append(set.Releases, releaseOf(v))
	}
	if err := Attach(context.Background(), s, set, provenance.Inputs{BuilderVersion: "test", Time: time.Unix(1, 0)}); err != nil {
		t.Fatal(err)
	}
	return set
}

func TestVerifyRelease(t *testing.T) {
	priv, pub := sigstore.KeyPair(t, "")
	key, _ := ParsePublicKey("k.pub", pub)
	_, otherPub := sigstore.KeyPair(t, "")
	other, _ := ParsePublicKey("o.pub", otherPub)
	set := signedSet(t, keySigner(t, priv, ""), "v1.0.0", "v1.1.0")
	good := set.Releases[0]
	if good.File("infrastructure-demo-v1.0.0.sigstore.json") == nil {
		t.Fatalf("no bundle among %v", good.Files)
	}
	if err := VerifyRelease(good, Policy{Key: key}); err != nil {
		t.Fatalf("a signed release does not verify: %v", err)
	}
	moved := *set.Releases[1]
	moved.Files = nil
	for _, f := range good.Files {
		if strings.HasSuffix(f.Name, ".sigstore.json") {
			f.Name = "infrastructure-demo-v1.1.0.sigstore.json"
		}
		moved.Files = append(moved.Files, f)
	}
	cases := map[string]struct {
		r    *release.Release
		p    Policy
		want string
	}{
		"another key":     {good, Policy{Key: other}, "signature verification failed"},
		"tampered file":   {edit(good, func(r *release.Release) { r.Files[0].Data = []byte("kind: Evil\n") }), Policy{Key: key}, "cluster-template.yaml: changed after signing"},
		"removed subject": {edit(good, func(r *release.Release) { r.Files = r.Files[1:] }), Policy{Key: key}, "cluster-template.yaml: signed but missing"},
		"extra file":      {edit(good, func(r *release.Release) { r.Files = append(r.Files, release.File{Name: "x.yaml"}) }), Policy{Key: key}, "x.yaml: not covered"},
		"moved bundle":    {&moved, Policy{Key: key}, "signed for infrastructure-demo v1.0.0, not for infrastructure-demo v1.1.0"},
		"no bundle":       {releaseOf("v1.0.0"), Policy{Key: key}, "no signature bundle infrastructure-demo-v1.0.0.sigstore.json"},
	}
	for name, c := range cases {
		err := VerifyRelease(c.r, c.p)
		if !errors.Is(err, ErrVerify) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

// edit returns a copy of r changed by f.
func edit(r *release.Release, f func(*release.Release)) *release.Release {
	c := *r
	c.Files = append([]release.File(nil), r.Files...)
	f(&c)
	return &c
}
