package oci

import (
	"context"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// A release whose components file the operator's rules do not find is refused before
// anything is pushed; before, the tag was pushed first and then failed the read-back,
// and a re-run found the tag "identical" and reported success.
func TestUnreadableArtifactIsRefusedBeforePush(t *testing.T) {
	srv := registry.New(t)
	r := rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n")
	r.ComponentsFile = "infrastructure-components-dev.yaml"
	for i := range r.Files {
		if r.Files[i].Name == "infrastructure-components.yaml" {
			r.Files[i].Name = r.ComponentsFile
		}
	}
	r.Sort()
	for run := 1; run <= 2; run++ {
		_, err := publish.Publish(context.Background(), set(r), newPub(t, srv, Options{}), publish.Policy{})
		if err == nil || !strings.Contains(err.Error(), "the operator finds no components") {
			t.Fatalf("run %d: err = %v; want the operator's refusal", run, err)
		}
		if srv.TotalUploads() != 0 {
			t.Fatalf("run %d: %d blobs pushed before the refusal", run, srv.TotalUploads())
		}
	}
}

// A version with build metadata is valid semver but no OCI tag: refused with what to do.
func TestVersionThatIsNoTagIsRefused(t *testing.T) {
	srv := registry.New(t)
	_, err := publish.Publish(context.Background(), set(rel(layout.InfrastructureProvider, "aws", "v1.2.3+build.1", "kind: A\n")), newPub(t, srv, Options{}), publish.Policy{})
	if err == nil || !strings.Contains(err.Error(), "v1.2.3+build.1 cannot be an OCI tag") || srv.TotalUploads() != 0 {
		t.Fatalf("err = %v, uploads %d; want a refusal naming the version", err, srv.TotalUploads())
	}
}
