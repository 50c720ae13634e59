package oci

import (
	"context"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// OperatorLine names the layers the operator picks, fails when it would find no
// components, and leaves unreadable versions and non-version tags to verify.
func TestOperatorLine(t *testing.T) {
	srv := registry.New(t)
	s := set(rel(layout.InfrastructureProvider, "aws", "v1.0.0", "kind: A\n"))
	if _, err := publish.Publish(context.Background(), s, newPub(t, srv, Options{}), publish.Policy{}); err != nil {
		t.Fatal(err)
	}
	r := NewReader(regclient.Remote{PlainHTTP: true, Retry: fastRetry}, srv.Host+"/capi/infrastructure-aws", "")
	ctx := context.Background()
	if line, ok := r.OperatorLine(ctx, "infrastructure-aws", "v1.0.0"); !ok || line != "metadata from metadata.yaml, components from infrastructure-components.yaml" {
		t.Errorf("picked: %q, %v", line, ok)
	}
	// Read as a bootstrap provider, the artifact has no components file the operator takes.
	if line, ok := r.OperatorLine(ctx, "bootstrap-aws", "v1.0.0"); ok || !strings.HasPrefix(line, "error: ") {
		t.Errorf("no components: %q, %v", line, ok)
	}
	for _, v := range []string{"v9.9.9", "latest"} {
		if line, ok := r.OperatorLine(ctx, "infrastructure-aws", v); !ok || line != "" {
			t.Errorf("%s: %q, %v, want verify to report it", v, line, ok)
		}
	}
}

// OperatorView gives OperatorLine for every version the repository lists, and
// nothing when it cannot list them.
func TestOperatorView(t *testing.T) {
	srv := registry.New(t)
	s := set(rel(layout.InfrastructureProvider, "aws", "v1.0.0", "kind: A\n"), rel(layout.InfrastructureProvider, "aws", "v1.1.0", "kind: B\n"))
	if _, err := publish.Publish(context.Background(), s, newPub(t, srv, Options{}), publish.Policy{}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r := NewReader(regclient.Remote{PlainHTTP: true, Retry: fastRetry}, srv.Host+"/capi/infrastructure-aws", "")
	view := r.OperatorView(ctx, "infrastructure-aws")
	var got []string
	for _, v := range view {
		want, ok := r.OperatorLine(ctx, "infrastructure-aws", v.Version)
		if v.Line != want || v.OK != ok {
			t.Errorf("%s: %+v, OperatorLine says %q, %v", v.Version, v, want, ok)
		}
		got = append(got, v.Version)
	}
	if strings.Join(got, ",") != "v1.0.0,v1.1.0" {
		t.Errorf("versions %v, want both published ones", got)
	}
	if bad := NewReader(regclient.Remote{PlainHTTP: true, Retry: fastRetry}, srv.Host+"/capi/nothing-here", ""); bad.OperatorView(ctx, "infrastructure-x") != nil {
		t.Error("a repository that cannot be listed gave a view")
	}
}
