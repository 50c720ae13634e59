package layout

import "strings"

// The Kubernetes side of clusterctl's vocabulary: the labels it and Cluster API read,
// the contract versions, and the provider type an API group names (clusterctl keeps
// the same in cmd/clusterctl/api/v1alpha3/labels.go and provider_type.go).

// ProviderLabelKey is the label clusterctl sets on every object of a provider's
// components, valued with the provider's label (Label).
const ProviderLabelKey = "cluster.x-k8s.io/provider"

// The contracts clusterctl v1.7+ installs: v1beta1 (clusterctl v1.7 … v1.10, and
// v1.11+) and v1beta2 (clusterctl v1.11+).
const (
	ContractV1beta1 = "v1beta1"
	ContractV1beta2 = "v1beta2"
)

// ContractLabelPrefix starts the label a CRD maps a contract to its API versions with.
const ContractLabelPrefix = "cluster.x-k8s.io/"

// ContractLabel is the label of contract on a CRD: cluster.x-k8s.io/<contract>.
func ContractLabel(contract string) string { return ContractLabelPrefix + contract }

// Installable reports whether clusterctl (v1.11+) and the operator install a
// provider of contract: v1beta1 or v1beta2.
func Installable(contract string) bool {
	return contract == ContractV1beta1 || contract == ContractV1beta2
}

// groupSegments are the provider types an API group names by a segment.
var groupSegments = map[string]Type{
	"infrastructure": InfrastructureProvider,
	"bootstrap":      BootstrapProvider,
	"controlplane":   ControlPlaneProvider,
}

// coreGroups are Cluster API's own groups: their kinds carry contract labels but
// are no provider's contract kinds.
var coreGroups = map[string]bool{
	"cluster.x-k8s.io": true, "addons.cluster.x-k8s.io": true, "runtime.cluster.x-k8s.io": true,
	"ipam.cluster.x-k8s.io": true, "clusterctl.cluster.x-k8s.io": true,
}

// GroupReading says how GroupType reads an API group.
type GroupReading int

const (
	// GroupConvention reads the <type>.<domain> convention only (infrastructure.foo.io,
	// bootstrap.*, controlplane.*): the reading of a provider's own contract kinds.
	GroupConvention GroupReading = iota
	// GroupAnySegment also reads a first segment alone and, in a *.cluster.x-k8s.io
	// group, any segment before it (vmware.infrastructure.cluster.x-k8s.io); Cluster
	// API's own groups name none: the reading of a group another object refers to.
	GroupAnySegment
	// GroupServed is the type of a provider that serves the group's CRDs: Cluster API's
	// own groups by who serves them (the core cluster.x-k8s.io, CAAPH's and fleet's
	// addons.*, the in-cluster IPAM provider's ipam.*, runtime.*, and sub-groups of
	// all but the core's), another *.cluster.x-k8s.io group as GroupAnySegment reads
	// it, "" for any other group: init's reading of a tree's CRDs.
	GroupServed
)

// servedGroups are Cluster API's own groups by the type of a provider serving them.
var servedGroups = map[string]Type{
	"cluster.x-k8s.io":         CoreProvider,
	"addons.cluster.x-k8s.io":  AddonProvider,
	"ipam.cluster.x-k8s.io":    IPAMProvider,
	"runtime.cluster.x-k8s.io": RuntimeExtensionProvider,
}

// GroupType is the provider type an API group names, read as how says; "" for none.
func GroupType(group string, how GroupReading) Type {
	first, _, dotted := strings.Cut(group, ".")
	if how == GroupConvention {
		if !dotted {
			return ""
		}
		return groupSegments[first]
	}
	if how == GroupServed {
		return servedType(group)
	}
	if coreGroups[group] {
		return ""
	}
	if t := groupSegments[first]; t != "" {
		return t
	}
	return segmentBeforeCore(group)
}

// segmentBeforeCore is the type the first type segment of a *.cluster.x-k8s.io group names.
func segmentBeforeCore(group string) Type {
	rest, ok := strings.CutSuffix(group, ".cluster.x-k8s.io")
	if !ok {
		return ""
	}
	for _, seg := range strings.Split(rest, ".") {
		if t := groupSegments[seg]; t != "" {
			return t
		}
	}
	return ""
}

// servedType is GroupType's GroupServed reading.
func servedType(group string) Type {
	if t, ok := servedGroups[group]; ok {
		return t
	}
	if _, parent, _ := strings.Cut(group, "."); servedGroups[parent] != "" && servedGroups[parent] != CoreProvider {
		return servedGroups[parent] // a sub-group: foo.addons.cluster.x-k8s.io
	}
	if !strings.HasSuffix(group, ".cluster.x-k8s.io") {
		return ""
	}
	return GroupType(group, GroupAnySegment)
}

// GroupPrefix is the API group prefix of the types that have one ("infrastructure.").
func GroupPrefix(t Type) string {
	for seg, typ := range groupSegments {
		if typ == t {
			return seg + "."
		}
	}
	return ""
}

// IsCoreGroup reports Cluster API's own groups (cluster.x-k8s.io, addons., runtime.,
// ipam., clusterctl.cluster.x-k8s.io).
func IsCoreGroup(group string) bool { return coreGroups[group] }
