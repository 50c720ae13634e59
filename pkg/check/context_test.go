package check

import (
	"context"
	"errors"
	"testing"
)

func TestReleaseContext(t *testing.T) {
	t.Parallel()
	r := rel(map[string]string{"metadata.yaml": meta, "cluster-template.yaml": "kind: [\n"})
	fs, err := ReleaseContext(context.Background(), r, Options{})
	if err != nil || rules(fs) != rules(Release(r, Options{})) {
		t.Fatalf("ReleaseContext = %v, %v", fs, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReleaseContext(ctx, r, Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err = %v", err)
	}
}
