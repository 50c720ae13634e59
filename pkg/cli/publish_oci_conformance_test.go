package cli

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"
	"oras.land/oras-go/v2/registry/remote/auth"
)

// startOCI is the conformance entry of publish oci: a registry that requires
// credentials (given as the operator's OCI_* variables).
func startOCI(t *testing.T) *target {
	reg := authRegistry(t)
	return &target{
		args:    []string{"publish", "oci", "--to", reg.Host + "/capi", "--plain-http"},
		env:     ociEnv(t, "OCI_USERNAME", "robot", "OCI_PASSWORD", ociSecret),
		replace: "--replace",
		secret:  ociSecret,
		held:    func(t *testing.T) map[string]string { return ociHeld(t, reg) },
		interrupt: func(t *testing.T, cancel context.CancelFunc) func() {
			f := &registry.Fault{Delay: time.Minute, Times: 1, Match: blobUpload}
			reg.AddFault(f)
			return cancelWhen(func() bool { return reg.Hits(f) >= 1 }, cancel)
		},
		fault: func(t *testing.T) {
			reg.AddFault(&registry.Fault{Status: http.StatusBadGateway, Times: 1, Match: blobUpload})
			reg.AddFault(&registry.Fault{Status: http.StatusInternalServerError, Times: 2, Match: func(r *http.Request) bool {
				return r.Method == http.MethodPut && strings.Contains(r.URL.Path, "/manifests/v1.1.0")
			}})
		},
	}
}

func blobUpload(r *http.Request) bool {
	return r.Method == http.MethodPut && strings.Contains(r.URL.Path, "/blobs/uploads/")
}

// ociHeld maps every tag's titled layers to their digests: "<tag>/<title>" → sha256.
func ociHeld(t *testing.T, reg *registry.Server) map[string]string {
	t.Helper()
	ctx := context.Background()
	cred := auth.StaticCredential(reg.Host, auth.Credential{Username: "robot", Password: ociSecret})
	repo, err := oci.Remote{PlainHTTP: true, Credential: cred}.Repository(reg.Host + "/capi/bootstrap-tiny")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var tags []string
	_ = repo.Tags(ctx, "", func(ts []string) error { tags = append(tags, ts...); return nil })
	for _, tag := range tags {
		desc, rc, err := repo.FetchReference(ctx, tag)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := content.ReadAll(rc, desc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		var m ocispec.Manifest
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		for _, l := range m.Layers {
			key := tag + "/" + l.Annotations[oci.AnnotationTitle]
			if _, dup := out[key]; dup {
				out[key+" copies"] += "+"
			}
			out[key] = l.Digest.Encoded()
		}
	}
	return out
}
