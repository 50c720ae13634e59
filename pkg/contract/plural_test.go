package contract

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestPluralizeMatchesFlect compares with pairs recorded from flect v1.0.3 (clusterctl's
// version), so a flect upgrade that would change an expected CRD name shows up here.
func TestPluralizeMatchesFlect(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/flect-plurals.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		word, want, _ := strings.Cut(line, " ")
		if got := pluralize(word); got != want {
			t.Errorf("pluralize(%q) = %q, want %q", word, got, want)
		}
		n++
	}
	if n < 50 {
		t.Fatalf("read only %d pairs", n)
	}
}

func TestCRDName(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, group, kind, want string }{
		{"regular", "infrastructure.cluster.x-k8s.io", "AWSCluster", "awsclusters.infrastructure.cluster.x-k8s.io"},
		{"y to ies", "cluster.x-k8s.io", "ClusterClass", "clusterclasses.cluster.x-k8s.io"},
		{"proxy", "addons.cluster.x-k8s.io", "HelmChartProxy", "helmchartproxies.addons.cluster.x-k8s.io"},
		{"data", "infrastructure.cluster.x-k8s.io", "Metal3Data", "metal3data.infrastructure.cluster.x-k8s.io"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := CRDName(c.group, c.kind); got != c.want {
				t.Errorf("CRDName(%q, %q) = %q, want %q", c.group, c.kind, got, c.want)
			}
		})
	}
}
