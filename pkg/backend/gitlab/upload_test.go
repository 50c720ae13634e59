package gitlab

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

func TestSlowServerAndCancel(t *testing.T) {
	t.Parallel()
	s := newFake(t)
	s.Inject(fakegitlab.Fault{Route: fakegitlab.RouteUpload, Count: 99, Delay: time.Hour})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() { // give up once the (endless) upload has started
		for len(puts(s)) == 0 && ctx.Err() == nil {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	p, err := New(options(s, &sleeps{}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = publish.Publish(ctx, testSet(t, "v1.2.3"), p, publish.Policy{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Publish error = %v, want context.Canceled", err)
	}
	if n := len(puts(s)); n != 1 {
		t.Errorf("%d uploads, want 1 (no retry after the context ended)", n)
	}
}

// TestVerifyByDownload covers answers without a checksum: the file is downloaded
// and compared.
func TestVerifyByDownload(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, stored, wantErr string
	}{
		{"matching", "content", ""},
		{"corrupted", "other", "GitLab holds sha256"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFake(t)
			s.Seed(testProject, "infrastructure-aws", "v1.2.3", "a.yaml", []byte(tt.stored))
			p, err := New(options(s, &sleeps{}))
			if err != nil {
				t.Fatal(err)
			}
			err = p.verify(t.Context(), "infrastructure-aws", "v1.2.3", release.File{Name: "a.yaml", Data: []byte("content")}, nil)
			if (tt.wantErr == "" && err != nil) || (tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr))) {
				t.Errorf("verify = %v, want %q", err, tt.wantErr)
			}
		})
	}
}
