package layout

import "testing"

// TestKindTable: every kind FileKind returns has a row in the table, and every row
// a kind Kinds lists; the substituted kinds are the ones clusterctl runs envsubst on.
func TestKindTable(t *testing.T) {
	t.Parallel()
	for _, name := range []string{MetadataFile, "infrastructure-components.yaml", "cluster-template.yaml", "clusterclass-a.yaml", "README.md"} {
		k := FileKind(name)
		if _, ok := kinds[k]; !ok {
			t.Errorf("FileKind(%s) = %s has no row", name, k)
		}
	}
	if len(Kinds()) != len(kinds) {
		t.Errorf("Kinds lists %d kinds, the table %d", len(Kinds()), len(kinds))
	}
	for _, k := range Kinds() {
		info := k.Info()
		if info.Substituted != (k == KindComponents || k == KindTemplate || k == KindClusterClass) {
			t.Errorf("%s: substituted %v", k, info.Substituted)
		}
		if (info.Reads == "") != (k == KindOther) || info.Operator != (k == KindMetadata || k == KindComponents) {
			t.Errorf("%s: %+v", k, info)
		}
	}
}
