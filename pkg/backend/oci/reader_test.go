package oci

import (
	"context"
	"fmt"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// Reading every tag of a repository keeps one artifact's files in memory at a time
// (earlier versions keep their titles and metadata.yaml), and an earlier version's
// file is pulled again when asked for.
func TestReaderHoldsOneArtifactAtATime(t *testing.T) {
	srv := registry.New(t)
	var versions []string
	for i := range 3 {
		v := fmt.Sprintf("v1.0.%d", i)
		versions = append(versions, v)
		s := set(rel(layout.InfrastructureProvider, "aws", v, "kind: A"+v+"\n"))
		if _, err := publish.Publish(context.Background(), s, newPub(t, srv, Options{}), publish.Policy{}); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	r := NewReader(regclient.Remote{PlainHTTP: true, Retry: fastRetry}, srv.Host+"/capi/infrastructure-aws", "")
	for _, v := range versions {
		if _, err := r.File(ctx, v, "infrastructure-components.yaml"); err != nil {
			t.Fatal(err)
		}
	}
	full := 0
	for v, f := range r.cache {
		if !f.trimmed {
			full++
		}
		if f.Files["metadata.yaml"] == nil || len(f.Files) != 3 {
			t.Errorf("%s: cached titles %v, metadata kept %v", v, f.Titles(), f.Files["metadata.yaml"] != nil)
		}
	}
	if full != 1 {
		t.Fatalf("%d artifacts held whole, want 1", full)
	}
	b, err := r.File(ctx, versions[0], "infrastructure-components.yaml")
	if err != nil || string(b) != "kind: Av1.0.0\n" {
		t.Fatalf("earlier version read again: %q, %v", b, err)
	}
}
