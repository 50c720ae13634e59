package variables

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/release"
)

func TestReleaseSkipsMetadata(t *testing.T) {
	t.Parallel()
	r := &release.Release{Files: []release.File{
		{Name: "metadata.yaml", Data: []byte("# ${NOT_SUBSTITUTED}\n")},
		{Name: "cluster-template.yaml", Data: []byte("name: ${CLUSTER_NAME}\n")},
	}}
	fv, err := Release(r, "infrastructure-foo/v1.0.0")
	if err != nil {
		t.Fatal(err)
	}
	if len(fv) != 1 || fv[0].File != "infrastructure-foo/v1.0.0/cluster-template.yaml" {
		t.Fatalf("Release() = %+v, want only the template, named under dir", fv)
	}
}
