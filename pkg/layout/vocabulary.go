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

// TypeOfGroup is the provider type an API group names by the <type>.<domain>
// convention (infrastructure.foo.io, bootstrap.*, controlplane.*); "" for any other.
func TypeOfGroup(group string) Type {
	first, _, found := strings.Cut(group, ".")
	if !found {
		return ""
	}
	return groupSegments[first]
}

// TypeOfAnyGroup is TypeOfGroup that also reads a first segment alone and, in a
// *.cluster.x-k8s.io group, any segment before it (vmware.infrastructure.cluster.x-k8s.io);
// Cluster API's own groups name none.
func TypeOfAnyGroup(group string) Type {
	if coreGroups[group] {
		return ""
	}
	first, _, _ := strings.Cut(group, ".")
	if t := groupSegments[first]; t != "" {
		return t
	}
	if rest, ok := strings.CutSuffix(group, ".cluster.x-k8s.io"); ok {
		for _, seg := range strings.Split(rest, ".") {
			if t := groupSegments[seg]; t != "" {
				return t
			}
		}
	}
	return ""
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
