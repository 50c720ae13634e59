package oci

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

func TestPublishThenRerunIsNoop(t *testing.T) {
	srv := registry.New(t)
	s := set(rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n"))
	rep, err := publish.Publish(context.Background(), s, newPub(t, srv, Options{}), publish.Policy{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Count(publish.Written) != 3 || srv.TotalUploads() != 4 {
		t.Fatalf("written %d, uploads %d; want 3 files, 4 blobs", rep.Count(publish.Written), srv.TotalUploads())
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), `oci: "http://`+srv.Host+`/capi/infrastructure-aws:v1.2.3"`) {
		t.Errorf("notes lack the fetchConfig.oci snippet:\n%s", strings.Join(rep.Notes, "\n"))
	}
	rep, err = publish.Publish(context.Background(), s, newPub(t, srv, Options{}), publish.Policy{})
	if err != nil || rep.Count(publish.Skipped) != 3 || srv.TotalUploads() != 4 {
		t.Fatalf("rerun: err %v, skipped %d, uploads %d", err, rep.Count(publish.Skipped), srv.TotalUploads())
	}
}

func TestPublishRefusesDifferentContent(t *testing.T) {
	srv := registry.New(t)
	ctx := context.Background()
	if _, err := publish.Publish(ctx, set(rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n")), newPub(t, srv, Options{}), publish.Policy{}); err != nil {
		t.Fatal(err)
	}
	changed := set(rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: B\n"), rel(layout.InfrastructureProvider, "aws", "v1.2.4", "kind: B\n"))
	rep, err := publish.Publish(ctx, changed, newPub(t, srv, Options{}), publish.Policy{})
	if !errors.Is(err, publish.ErrConflict) || rep.Count(publish.Refused) != 1 {
		t.Fatalf("err %v, refused %d; want ErrConflict and the components file refused", err, rep.Count(publish.Refused))
	}
	repo, _ := regclient.Remote{PlainHTTP: true}.Repository(srv.Host + "/capi/infrastructure-aws")
	if d, _ := current(ctx, repo, "v1.2.4"); d != "" {
		t.Fatal("v1.2.4 was pushed although the set was refused")
	}
	rep, err = publish.Publish(ctx, changed, newPub(t, srv, Options{}), publish.Policy{Replace: true})
	if err != nil || rep.Count(publish.Replaced) != 1 || rep.Count(publish.Written) != 3 {
		t.Fatalf("--replace: err %v, replaced %d, written %d", err, rep.Count(publish.Replaced), rep.Count(publish.Written))
	}
	got, err := fetch(ctx, repo, "v1.2.3")
	if err != nil || string(got.Files["infrastructure-components.yaml"]) != "kind: B\n" {
		t.Fatalf("after --replace the tag serves %q (err %v)", got.Files["infrastructure-components.yaml"], err)
	}
}

func TestPublishBundleAndDryRun(t *testing.T) {
	srv := registry.New(t)
	s := set(rel(layout.BootstrapProvider, "kubeadm", "v1.10.0", "kind: B\n"), rel(layout.ControlPlaneProvider, "kubeadm", "v1.10.0", "kind: C\n"))
	rep, err := publish.Publish(context.Background(), s, newPub(t, srv, Options{Bundle: &Bundle{Name: "kubeadm"}}), publish.Policy{DryRun: true})
	if err != nil || rep.Count(publish.Planned) != 6 || srv.TotalUploads() != 0 {
		t.Fatalf("dry run: err %v, planned %d, uploads %d", err, rep.Count(publish.Planned), srv.TotalUploads())
	}
	if _, err := publish.Publish(context.Background(), s, newPub(t, srv, Options{Bundle: &Bundle{Name: "kubeadm"}}), publish.Policy{}); err != nil {
		t.Fatal(err)
	}
	repo, _ := regclient.Remote{PlainHTTP: true}.Repository(srv.Host + "/capi/kubeadm")
	got, err := fetch(context.Background(), repo, "v1.10.0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := match(got.Files, layout.ControlPlaneProvider, "kubeadm", "v1.10.0"); err != nil {
		t.Fatal(err)
	}
}
