package gitlab

import (
	"fmt"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

// TestRetriedPageIsTheSamePage: a failed page of a listing is asked again, not the
// first page: every file is seen once, none twice.
func TestRetriedPageIsTheSamePage(t *testing.T) {
	t.Parallel()
	for _, route := range []string{fakegitlab.RoutePackageFiles, fakegitlab.RoutePackages} {
		t.Run(route, func(t *testing.T) {
			t.Parallel()
			s := newFake(t)
			for i := range 130 {
				s.Seed(testProject, "infrastructure-aws", fmt.Sprintf("v1.0.%d", i), fmt.Sprintf("f-%03d.yaml", i), []byte("x"))
			}
			for i := range 130 {
				s.Seed(testProject, "infrastructure-aws", "v1.0.0", fmt.Sprintf("g-%03d.yaml", i), []byte("x"))
			}
			s.Inject(fakegitlab.Fault{Route: route, Nth: 2, Status: 502})
			c, err := newConn(options(s, &sleeps{}))
			if err != nil {
				t.Fatal(err)
			}
			pkgs, err := c.packages(t.Context(), "infrastructure-aws")
			if err != nil || len(pkgs) != 130 {
				t.Fatalf("packages = %d, %v; want 130", len(pkgs), err)
			}
			remote, err := c.listed(t.Context(), "infrastructure-aws", "v1.0.0")
			if err != nil {
				t.Fatal(err)
			}
			if len(remote) != 131 {
				t.Errorf("files of v1.0.0 = %d, want 131", len(remote))
			}
			for name, copies := range remote {
				if len(copies) != 1 {
					t.Errorf("%s listed %d times, want once", name, len(copies))
				}
			}
		})
	}
}
