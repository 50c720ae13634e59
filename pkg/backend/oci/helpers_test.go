package oci

import (
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

func rel(typ, name, version, comp string) *release.Release {
	r := &release.Release{Provider: layout.Provider{Type: layout.Type(typ), Name: name}, Version: layout.NamedVersion(version), ComponentsFile: layout.ComponentsFile(layout.Type(typ))}
	r.Files = []release.File{
		{Name: "metadata.yaml", Data: []byte("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\n")},
		{Name: r.ComponentsFile, Data: []byte(comp)},
		{Name: "cluster-template.yaml", Data: []byte("kind: Cluster\n")},
	}
	r.Sort()
	return r
}

func set(rels ...*release.Release) *release.Set { return &release.Set{Releases: rels} }

// fastRetry keeps retry tests short: two retries, millisecond waits.
var fastRetry = httpx.Policy{MaxAttempts: 3, Base: time.Millisecond, MaxWait: 5 * time.Millisecond}

func newPub(t *testing.T, srv *registry.Server, opts Options) *Publisher {
	t.Helper()
	opts.Remote.PlainHTTP = true
	opts.Remote.Retry = fastRetry
	p, err := New(srv.Host+"/capi", opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
