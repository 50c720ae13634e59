package publish_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	regclient "github.com/capirepo/capirepo/pkg/registry"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"
	orasremote "oras.land/oras-go/v2/registry/remote"
	"oras.land/oras-go/v2/registry/remote/auth"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// startOCI is a registry that requires credentials.
func startOCI(t *testing.T) *target {
	tg, _, _ := startOCIWith(t, nil)
	return tg
}

// startOCIWith is startOCI, its destination signing each release again with resign
// (nil: none); it also returns the registry and the client's remote.
func startOCIWith(t *testing.T, resign oci.Resigner) (*target, *registry.Server, regclient.Remote) {
	reg := registry.New(t, registry.WithBasicAuth("robot", ociSecret))
	remote := regclient.Remote{PlainHTTP: true, Retry: fastRetry,
		Credential: auth.StaticCredential(reg.Host, auth.Credential{Username: "robot", Password: ociSecret})}
	d, err := oci.New(reg.Host+"/capi", oci.Options{Remote: remote, Resign: resign, Pack: oci.PackOptions{Created: time.Unix(1700000000, 0).UTC()}})
	if err != nil {
		t.Fatal(err)
	}
	return &target{
		dest: d, secret: ociSecret,
		held: func(t *testing.T) map[string]string { return ociHeld(t, remote, reg.Host+"/capi/bootstrap-tiny") },
		interrupt: func(t *testing.T, cancel context.CancelFunc) func() {
			f := &registry.Fault{Delay: time.Minute, Times: 1, Match: blobUpload}
			reg.AddFault(f)
			return cancelWhen(func() bool { return reg.Hits(f) >= 1 }, cancel)
		},
		fault: func(*testing.T) {
			reg.AddFault(&registry.Fault{Status: http.StatusBadGateway, Times: 1, Match: blobUpload})
			reg.AddFault(&registry.Fault{Status: http.StatusInternalServerError, Times: 2, Match: func(r *http.Request) bool {
				return r.Method == http.MethodPut && strings.Contains(r.URL.Path, "/manifests/v1.1.0")
			}})
		},
	}, reg, remote
}

func blobUpload(r *http.Request) bool {
	return r.Method == http.MethodPut && strings.Contains(r.URL.Path, "/blobs/uploads/")
}

// tagsOf opens the repository ref and lists its tags.
func tagsOf(t *testing.T, remote regclient.Remote, ref string) (*orasremote.Repository, []string) {
	t.Helper()
	repo, err := remote.Repository(ref)
	if err != nil {
		t.Fatal(err)
	}
	var tags []string
	_ = repo.Tags(context.Background(), "", func(ts []string) error { tags = append(tags, ts...); return nil })
	return repo, tags
}

// ociHeld maps every tag's titled layers to their digests: "<tag>/<title>" → sha256.
func ociHeld(t *testing.T, remote regclient.Remote, ref string) map[string]string {
	t.Helper()
	ctx := context.Background()
	repo, tags := tagsOf(t, remote, ref)
	out := map[string]string{}
	for _, tag := range tags {
		desc, rc, err := repo.FetchReference(ctx, tag)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := content.ReadAll(rc, desc)
		rc.Close()
		var m ocispec.Manifest
		if err == nil {
			err = json.Unmarshal(raw, &m)
		}
		if err != nil {
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
