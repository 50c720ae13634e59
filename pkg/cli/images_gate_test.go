package cli

import (
	"net"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// closedPort is a loopback address nothing listens on (connection refused).
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// TestImagesCheckCouldNotAsk: a registry that cannot be reached says nothing about an
// image: exit 4 with the reason, never "missing" or "push them"; an image a registry
// answers it does not serve is exit 1 with "push them", also next to an unknown one.
func TestImagesCheckCouldNotAsk(t *testing.T) {
	t.Parallel()
	reg := registry.New(t)
	down := closedPort(t) + "/x/a:v1"
	cases := []struct {
		name     string
		imgs     []string
		code     int
		want     []string
		unwanted []string
	}{
		{"unreachable", []string{down}, ExitPublish, []string{"image " + down + " unknown: could not ask", "connection refused", "could not be asked about 1 of 1 images"}, []string{"missing", "push them"}},
		{"not served", []string{reg.Host + "/x/missing:v1"}, ExitFindings, []string{"missing image " + reg.Host + "/x/missing:v1: not found", "push them"}, []string{"could not"}},
		{"both", []string{reg.Host + "/x/missing:v1", down}, ExitFindings, []string{"1 of 2 images are not served", "could not be asked about 1 of 2"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, _, stderr := runEnv(t, ociEnv(t), "images", "check", "--plain-http", imagesDir(t, c.imgs...))
			if code != c.code {
				t.Fatalf("exit %d, want %d\n%s", code, c.code, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			for _, u := range c.unwanted {
				if strings.Contains(stderr, u) {
					t.Errorf("stderr says %q:\n%s", u, stderr)
				}
			}
		})
	}
}
