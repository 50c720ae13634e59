package oci

import (
	"context"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
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
	r := NewReader(Remote{PlainHTTP: true, Retry: fastRetry}, srv.Host+"/capi/infrastructure-aws", "")
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
