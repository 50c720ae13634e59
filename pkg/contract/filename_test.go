package contract

import "testing"

// `capirepo lint cluster-template.yaml` has no components file: no warning (it used
// to print one with an empty file name).
func TestComponentsFileNameWithoutComponents(t *testing.T) {
	t.Parallel()
	if fs := ComponentsFileName("InfrastructureProvider", ""); len(fs) != 0 {
		t.Fatalf("findings = %v, want none", fs)
	}
	if fs := ComponentsFileName("InfrastructureProvider", "components.yaml"); len(fs) != 1 || fs[0].File != "components.yaml" {
		t.Fatalf("findings = %v, want one naming components.yaml", fs)
	}
}
