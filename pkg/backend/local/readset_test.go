package local

import (
	"reflect"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
)

// TestReadSetRoundTrip: what publish local writes, localrepo.ReadSet reads back.
func TestReadSetRoundTrip(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	want := set(foo("v1.0.0", "cluster-template.yaml", "kind: Cluster\n"), rel("kubeadm", layout.BootstrapProvider, "v0.1.0"))
	mustPublish(t, New(root, Options{}), want)
	got, err := localrepo.ReadSet(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Releases) != 2 {
		t.Fatalf("read %d releases, want 2", len(got.Releases))
	}
	byLabel := map[string]int{}
	for i, r := range got.Releases {
		byLabel[r.String()] = i
	}
	for _, w := range want.Releases {
		if g := got.Releases[byLabel[w.String()]]; !reflect.DeepEqual(g, w) {
			t.Errorf("read back %+v, want %+v", g, w)
		}
	}
}
