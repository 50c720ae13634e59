package oci

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// marks lists the fake statements of the signatures attached to aws v1.2.3 ("" for
// a bundle that is not the fake resigner's).
func marks(t *testing.T, rd *Reader) []string {
	t.Helper()
	bundles, err := rd.Bundles(context.Background(), "v1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, b := range bundles {
		var m struct{ Fake fakeMark }
		json.Unmarshal(b, &m)
		out = append(out, m.Fake.Statement)
	}
	return out
}

func count(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}

func awsReader(srv *registry.Server) *Reader {
	return NewReader(regclient.Remote{PlainHTTP: true}, srv.Host+"/capi/infrastructure-aws", "")
}

// TestResignSignsAnUnsignedRelease: with a Resigner an unsigned release is signed for
// its artifact too (a statement the Resigner derives), its signature a step of the
// plan like a file; the set other destinations share keeps no stand-in.
func TestResignSignsAnUnsignedRelease(t *testing.T) {
	srv := registry.New(t)
	r := rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n")
	f := &resigner{statement: "derived"}
	for run, want := range []string{publish.Written, publish.Skipped} {
		rep, err := publish.Publish(context.Background(), set(r), newPub(t, srv, Options{Resign: f}), publish.Policy{})
		if err != nil || rep.Count(want) != 4 {
			t.Fatalf("run %d: err %v, %s %d; want the 3 files and the signature", run+1, err, want, rep.Count(want))
		}
	}
	if got := marks(t, awsReader(srv)); len(got) != 1 || got[0] != "derived" || len(f.calls) != 1 {
		t.Errorf("signatures %q after %d signings; want one", got, len(f.calls))
	}
	if r.File(bundleFile(r)) != nil {
		t.Error("the stand-in of the signature reached the shared set")
	}
}

// TestOthersSignaturesNeverBlockSigning: the build's bundle attached by an unsigned
// publish and a bundle someone else attached are not this signer's signature: the
// plan puts it (refused without --replace, as any file new to a published version)
// and both stay.
func TestOthersSignaturesNeverBlockSigning(t *testing.T) {
	srv := registry.New(t)
	r, _ := signed(t)
	ctx := context.Background()
	if _, err := publish.Publish(ctx, set(r), newPub(t, srv, Options{}), publish.Policy{}); err != nil {
		t.Fatal(err)
	}
	repo, err := regclient.Remote{PlainHTTP: true}.Repository(srv.Host + "/capi/infrastructure-aws")
	if err != nil {
		t.Fatal(err)
	}
	art, err := awsReader(srv).fetch(ctx, "v1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := attachBundle(ctx, repo, art.Desc, dsseBundle(t, `{"predicateType":"attacker"}`), "attacker"); err != nil {
		t.Fatal(err)
	}
	f := &resigner{statement: "mine"}
	rep, err := publish.Publish(ctx, set(r), newPub(t, srv, Options{Resign: f}), publish.Policy{})
	if !errors.Is(err, publish.ErrConflict) || rep.Count(publish.Refused) != 1 || len(f.calls) != 0 {
		t.Fatalf("without --replace: err %v, %d refused, %d signed; want the missing signature refused, nothing signed", err, rep.Count(publish.Refused), len(f.calls))
	}
	rep, err = publish.Publish(ctx, set(r), newPub(t, srv, Options{Resign: f}), publish.Policy{Replace: true})
	if err != nil || rep.Count(publish.Written) != 1 || rep.Count(publish.Skipped) != 3 {
		t.Fatalf("with --replace: err %v, %d written, %d skipped; want the signature written, the files skipped", err, rep.Count(publish.Written), rep.Count(publish.Skipped))
	}
	if got := marks(t, awsReader(srv)); len(got) != 3 || count(got, "mine") != 1 {
		t.Errorf("signatures %q: want the build's, the other one and mine", got)
	}
}

// TestReplaceReplacesThisSignersSignature: a signature of this signer over another
// statement is refused without --replace and replaced with it: the new one is
// attached and the old one removed; others' stay.
func TestReplaceReplacesThisSignersSignature(t *testing.T) {
	srv := registry.New(t)
	r, _ := signed(t)
	ctx := context.Background()
	if _, err := publish.Publish(ctx, set(r), newPub(t, srv, Options{}), publish.Policy{}); err != nil {
		t.Fatal(err)
	}
	if _, err := publish.Publish(ctx, set(r), newPub(t, srv, Options{Resign: &resigner{statement: "old"}}), publish.Policy{Replace: true}); err != nil {
		t.Fatal(err)
	}
	now := &resigner{statement: "new"}
	if _, err := publish.Publish(ctx, set(r), newPub(t, srv, Options{Resign: now}), publish.Policy{}); !errors.Is(err, publish.ErrConflict) {
		t.Fatalf("without --replace: %v, want a conflict", err)
	}
	rep, err := publish.Publish(ctx, set(r), newPub(t, srv, Options{Resign: now}), publish.Policy{Replace: true})
	if err != nil || rep.Count(publish.Replaced) != 1 {
		t.Fatalf("with --replace: err %v, %d replaced; want the signature replaced", err, rep.Count(publish.Replaced))
	}
	if got := marks(t, awsReader(srv)); len(got) != 2 || count(got, "new") != 1 || count(got, "old") != 0 {
		t.Errorf("signatures %q: want the build's and the new one; the old one removed", got)
	}
	if now.holders != 2 { // two runs, each reading two referrers of the one release
		t.Errorf("%d Holder calls, want one per release and run", now.holders)
	}
}
