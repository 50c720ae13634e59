package gitlab

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

// TestCancelDuringRetryKeepsChain: Ctrl-C while waiting to retry gives an error that
// matches context.Canceled (exit 130), without the token.
func TestCancelDuringRetryKeepsChain(t *testing.T) {
	t.Parallel()
	s := newFake(t)
	s.Inject(fakegitlab.Fault{Route: fakegitlab.RoutePackages, Count: 9, Status: 503, EchoHeaders: true})
	ctx, cancel := context.WithCancel(context.Background())
	r, err := NewRepo(Options{BaseURL: s.URL, Project: testProject, Package: "infrastructure-aws", Token: testPAT, HTTPClient: s.Client(),
		Retry: httpx.Policy{Sleep: func(context.Context, time.Duration) error { cancel(); return context.Canceled }}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Versions(ctx)
	if !errors.Is(err, context.Canceled) || strings.Contains(err.Error(), testPAT) {
		t.Fatalf("Versions after cancel = %v, want context.Canceled in the chain and no token", err)
	}
}

// TestFileSizeCap: a file over its cap is refused naming the cap, and not retried.
func TestFileSizeCap(t *testing.T) {
	t.Parallel()
	s := newFake(t)
	s.Seed(testProject, "infrastructure-aws", "v1.0.0", "metadata.yaml", []byte(strings.Repeat("x", int(httpx.MaxMetadataSize)+1)))
	s.Seed(testProject, "infrastructure-aws", "v1.0.0", "c.yaml", []byte(strings.Repeat("x", 2048)))
	r := newRepo(t, s, testPAT)
	r.MaxFileSize = 1024
	before := len(s.Requests())
	for name, limit := range map[string]string{"metadata.yaml": "1 MiB", "c.yaml": "1 KiB"} {
		if _, err := r.File(t.Context(), "v1.0.0", name); !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), limit) {
			t.Errorf("%s: %v, want refused naming the %s cap", name, err, limit)
		}
	}
	if n := len(s.Requests()) - before; n != 2 {
		t.Errorf("requests = %d, want 2 (an oversized file is not retried)", n)
	}
}
