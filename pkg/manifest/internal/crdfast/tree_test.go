package crdfast

import "testing"

// TestNewTree: every path is in the tree, "*" keeps any child name.
func TestNewTree(t *testing.T) {
	t.Parallel()
	tree := NewTree([]string{"spec.providerID", "spec.machineTemplate.*", "status.addresses.type"})
	k := tree
	for _, step := range []string{"spec", "machineTemplate", "anything"} {
		if k = k.child(step); k == nil {
			t.Fatalf("step %s dropped", step)
		}
	}
	if tree.child("metadata") != nil || tree.child("spec").child("image") != nil {
		t.Errorf("paths not given kept")
	}
}
