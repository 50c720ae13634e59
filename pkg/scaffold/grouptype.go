package scaffold

import "github.com/capirepo/capirepo/pkg/layout"

// groupType is the provider type a provider serving CRDs of group g is (layout's
// GroupServed reading); "" for a group no Cluster API type names.
func groupType(g string) string { return string(layout.GroupType(g, layout.GroupServed)) }
