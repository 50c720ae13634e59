package diff

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/testsupport/golden"
)

// TestJSONGolden: the JSON report of a release against one with a change in every
// section is testdata/report.json.golden (go test ./pkg/diff -run Golden -update
// rewrites it; review the change).
func TestJSONGolden(t *testing.T) {
	t.Parallel()
	a := base(t)
	b := edit(t, a, "infrastructure-components.yaml", "replicas: 1", "replicas: 2")
	b = edit(t, b, "infrastructure-components.yaml", "controller:v1.2.0", "controller:v1.3.0")
	b = edit(t, b, "infrastructure-components.yaml", "    served: true\n    storage: false", "    served: false\n    storage: false")
	b = edit(t, b, "infrastructure-components.yaml", "${ACME_LOG_LEVEL:=0}", "${ACME_LOG_LEVEL}")
	b = edit(t, b, "metadata.yaml", "  minor: 1\n", "  minor: 3\n")
	delete(b, "clusterclass-quick.yaml")
	inA, inB := input(a, "a"), input(b, "b")
	inB.Version, inB.Unread = "v1.3.0", []string{"checksums.txt"}
	rep, err := Compare("dist", "https://github.com/acme/cluster-api-provider-acme/releases/v1.3.0/infrastructure-components.yaml",
		[]inventory.Input{inA}, []inventory.Input{inB})
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	enc := json.NewEncoder(&got)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/report.json.golden", got.Bytes())
}
