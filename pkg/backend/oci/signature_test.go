package oci

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"github.com/opencontainers/go-digest"
)

// dsseBundle is a hand-written bundle shape: a DSSE envelope whose payload names a
// predicate type (no signature: this package never verifies one).
func dsseBundle(t *testing.T, statement string) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"dsseEnvelope": map[string]any{"payload": []byte(statement), "payloadType": "application/vnd.in-toto+json"}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// signed is the aws release with its bundle file, as a signed build writes it.
func signed(t *testing.T) (*release.Release, []byte) {
	r := rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n")
	b := dsseBundle(t, `{"predicateType":"https://slsa.dev/provenance/v1"}`)
	r.Files = append(r.Files, release.File{Name: bundleFile(r), Data: b})
	r.Sort()
	return r, b
}

// resigner stands for sign.Resigner: it signs "statement" (what it would sign,
// before the subject) of the release for the subject it is given, recognises its
// own bundles of that release by their "fake" field, and refuses every release
// with refuse.
type resigner struct {
	statement string
	refuse    error
	calls     []digest.Digest
	holders   int // Holder calls
}

type fakeMark struct{ Signer, Release, Statement, Subject string }

func (f *resigner) Check(context.Context, *release.Release, []byte) error { return f.refuse }

func (f *resigner) Resign(_ context.Context, r *release.Release, _ []byte, _ string, subject digest.Digest) ([]byte, error) {
	f.calls = append(f.calls, subject)
	return json.Marshal(map[string]any{
		"dsseEnvelope": map[string]any{"payload": []byte(`{"predicateType":"https://slsa.dev/provenance/v1"}`), "payloadType": "application/vnd.in-toto+json"},
		"fake":         fakeMark{"fake", r.String(), f.statement, subject.String()},
	})
}

func (f *resigner) Holder(_ context.Context, r *release.Release, _ []byte, _ string, subject digest.Digest) func([]byte) (bool, bool) {
	f.holders++
	return func(existing []byte) (bool, bool) {
		var b struct{ Fake fakeMark }
		if json.Unmarshal(existing, &b) != nil || b.Fake.Signer != "fake" || b.Fake.Release != r.String() {
			return false, false
		}
		return true, b.Fake.Statement == f.statement && b.Fake.Subject == subject.String()
	}
}

func publishTwice(t *testing.T, srv *registry.Server, r *release.Release, opts Options) *Reader {
	t.Helper()
	for run, want := range []string{publish.Written, publish.Skipped} {
		rep, err := publish.Publish(context.Background(), set(r), newPub(t, srv, opts), publish.Policy{})
		if err != nil || rep.Count(want) != 4 {
			t.Fatalf("run %d: err %v, %s %d; want all 4 files (the bundle too)", run+1, err, want, rep.Count(want))
		}
	}
	if r.File(bundleFile(r)) == nil {
		t.Fatal("the publisher removed the bundle from the set other destinations share")
	}
	return NewReader(regclient.Remote{PlainHTTP: true}, srv.Host+"/capi/infrastructure-aws", "")
}

func TestBundleIsAReferrerNotALayer(t *testing.T) {
	srv := registry.New(t)
	r, b := signed(t)
	rd := publishTwice(t, srv, r, Options{})
	ctx := context.Background()
	if names, err := rd.Files(ctx, "v1.2.3"); err != nil || len(names) != 3 {
		t.Errorf("artifact layers %v (%v): want the 3 release files, no bundle", names, err)
	}
	got, err := rd.Bundles(ctx, "v1.2.3")
	if err != nil || len(got) != 1 || !bytes.Equal(got[0], b) {
		t.Fatalf("referrers: %d bundles (%v), want the build's bundle once", len(got), err)
	}
}

func TestResignedBundleNamesTheManifestAndIsAttachedOnce(t *testing.T) {
	srv := registry.New(t)
	r, _ := signed(t)
	f := &resigner{}
	rd := publishTwice(t, srv, r, Options{Resign: f})
	ctx := context.Background()
	fetched, err := rd.fetch(ctx, "v1.2.3")
	if err != nil || len(f.calls) != 1 || f.calls[0] != fetched.Desc.Digest {
		t.Fatalf("resigned for %v (err %v), want once for the artifact's manifest", f.calls, err)
	}
	got, err := rd.Bundles(ctx, "v1.2.3")
	if err != nil || len(got) != 1 || !bytes.Contains(got[0], []byte(fetched.Desc.Digest.String())) {
		t.Fatalf("referrers: %d bundles (%v), want the resigned one once", len(got), err)
	}
}

// TestResignCheckRefusesBeforeAnyWrite: a release the Resigner refuses (its bundle
// does not verify) stops the run before anything reaches the registry.
func TestResignCheckRefusesBeforeAnyWrite(t *testing.T) {
	srv := registry.New(t)
	r, _ := signed(t)
	refuse := errors.New("infrastructure-aws/v1.2.3/infrastructure-components.yaml: changed after signing")
	_, err := publish.Publish(context.Background(), set(r), newPub(t, srv, Options{Resign: &resigner{refuse: refuse}}), publish.Policy{})
	if !errors.Is(err, refuse) {
		t.Fatalf("err %v, want the Resigner's refusal", err)
	}
	if _, err := NewReader(regclient.Remote{PlainHTTP: true}, srv.Host+"/capi/infrastructure-aws", "").Files(context.Background(), "v1.2.3"); err == nil {
		t.Error("the refused release was pushed")
	}
}

func TestAttachRefusesWhatIsNoDSSEBundle(t *testing.T) {
	srv := registry.New(t)
	r, _ := signed(t)
	r.File(bundleFile(r)).Data = []byte(`{"messageSignature":{}}`)
	_, err := publish.Publish(context.Background(), set(r), newPub(t, srv, Options{}), publish.Policy{})
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("infrastructure-aws-v1.2.3.sigstore.json is not a sigstore bundle")) {
		t.Fatalf("err %v, want one naming the bundle file", err)
	}
}
