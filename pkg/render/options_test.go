package render

import (
	"testing"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/types"
)

// The kustomize CLI's `build` without flags: Reorder unspecified (no "Sorting order
// is set both" warning on kustomizations with sortOptions), root-only loading.
func TestKustomizerOptionsAreTheCLIs(t *testing.T) {
	t.Parallel()
	o := kustomizerOptions("")
	if o.Reorder != krusty.ReorderOptionUnspecified || o.LoadRestrictions != types.LoadRestrictionsRootOnly || o.PluginConfig.HelmConfig.Enabled {
		t.Fatalf("options = %+v", o)
	}
	if kustomizerOptions(LoadNone).LoadRestrictions != types.LoadRestrictionsNone {
		t.Fatal("loadRestrictor none not applied")
	}
}
