package oci

import (
	"context"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// With --bundle every release's bundle becomes a referrer of the one artifact, none a
// layer, and a re-run attaches nothing more.
func TestBundleArtifactCarriesEveryReleasesBundle(t *testing.T) {
	srv := registry.New(t)
	var rels []*release.Release
	for _, typ := range []string{layout.BootstrapProvider, layout.ControlPlaneProvider} {
		r := rel(typ, "kubeadm", "v1.10.0", "kind: "+typ+"\n")
		r.Files = append(r.Files, release.File{Name: bundleFile(r), Data: dsseBundle(t, `{"predicateType":"p/`+typ+`"}`)})
		r.Sort()
		rels = append(rels, r)
	}
	opts := Options{Bundle: &Bundle{Name: "kubeadm"}}
	for run, want := range []string{publish.Written, publish.Skipped} {
		rep, err := publish.Publish(context.Background(), set(rels...), newPub(t, srv, opts), publish.Policy{})
		if err != nil || rep.Count(want) != 8 {
			t.Fatalf("run %d: err %v, %s %d; want all 8 files (both bundles too)", run+1, err, want, rep.Count(want))
		}
	}
	rd := NewReader(regclient.Remote{PlainHTTP: true}, srv.Host+"/capi/kubeadm", "")
	names, err := rd.Files(context.Background(), "v1.10.0")
	if err != nil || len(names) != 6 {
		t.Errorf("artifact layers %v (%v): want the 6 release files, no bundle", names, err)
	}
	if got, err := rd.Bundles(context.Background(), "v1.10.0"); err != nil || len(got) != 2 {
		t.Errorf("referrers: %d bundles (%v), want one per release", len(got), err)
	}
}
