// Package layout holds clusterctl's naming rules: provider types and labels, components
// file names, version syntax, and the paths and URLs of the three repository kinds.
// It is a leaf package: pure functions, no I/O.
package layout

import (
	"fmt"
	"regexp"
	"strings"
)

// Type is a clusterctl provider type, spelled as clusterctl.yaml spells it.
type Type string

// Provider types (untyped constants: a Type, and a string where clusterctl.yaml's
// and the operator's strings are compared).
const (
	CoreProvider             = "CoreProvider"
	BootstrapProvider        = "BootstrapProvider"
	ControlPlaneProvider     = "ControlPlaneProvider"
	InfrastructureProvider   = "InfrastructureProvider"
	IPAMProvider             = "IPAMProvider"
	RuntimeExtensionProvider = "RuntimeExtensionProvider"
	AddonProvider            = "AddonProvider"
)

// Types lists the provider types in clusterctl's install order.
var Types = []Type{CoreProvider, BootstrapProvider, ControlPlaneProvider, InfrastructureProvider,
	IPAMProvider, RuntimeExtensionProvider, AddonProvider}

var labelPrefix = map[Type]string{
	CoreProvider:             "",
	BootstrapProvider:        "bootstrap-",
	ControlPlaneProvider:     "control-plane-",
	InfrastructureProvider:   "infrastructure-",
	IPAMProvider:             "ipam-",
	RuntimeExtensionProvider: "runtime-extension-",
	AddonProvider:            "addon-",
}

var componentsFile = map[Type]string{
	CoreProvider:             "core-components.yaml",
	BootstrapProvider:        "bootstrap-components.yaml",
	ControlPlaneProvider:     "control-plane-components.yaml",
	InfrastructureProvider:   "infrastructure-components.yaml",
	IPAMProvider:             "ipam-components.yaml",
	RuntimeExtensionProvider: "runtime-extension-components.yaml",
	AddonProvider:            "addon-components.yaml",
}

// typeFlag maps a type to the clusterctl CLI flag that selects it.
var typeFlag = map[Type]string{
	CoreProvider:             "core",
	BootstrapProvider:        "bootstrap",
	ControlPlaneProvider:     "control-plane",
	InfrastructureProvider:   "infrastructure",
	IPAMProvider:             "ipam",
	RuntimeExtensionProvider: "runtime-extension",
	AddonProvider:            "addon",
}

// ValidType reports whether t is one of the seven clusterctl provider types.
func ValidType(t Type) bool { _, ok := labelPrefix[t]; return ok }

// Label returns the provider label clusterctl derives (ManifestLabel): the folder name
// of a local repository and the value of the cluster.x-k8s.io/provider label.
func Label(typ Type, name string) string { return labelPrefix[typ] + name }

// ComponentsFile returns the contract's recommended components file name for a type.
func ComponentsFile(typ Type) string { return componentsFile[typ] }

// TypeFlag returns the clusterctl flag name for a type ("infrastructure", ...).
func TypeFlag(typ Type) string { return typeFlag[typ] }

var dns1123Label = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)

// ValidateName checks a provider name the way clusterctl's config and CLI do together.
func ValidateName(typ Type, name string) error {
	switch {
	case name == "":
		return fmt.Errorf("provider name is empty")
	case strings.ToLower(name) != name:
		return fmt.Errorf("provider name %q must be lower case", name)
	case len(name) > 63 || !dns1123Label.MatchString(name):
		return fmt.Errorf("provider name %q is not a DNS-1123 label (lower-case letters, digits and '-', at most 63 characters, no dots)", name)
	case name == "cluster-api" && typ != CoreProvider:
		return fmt.Errorf("provider name cluster-api must be used with type CoreProvider, not %s", typ)
	}
	if !ValidType(typ) {
		return fmt.Errorf("provider type %q is not one of %s", typ, TypeNames())
	}
	return nil
}

// TypeNames lists the provider types, comma-separated, for messages.
func TypeNames() string {
	names := make([]string, len(Types))
	for i, t := range Types {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}

// ParseLabel splits a provider label into type and name: the reverse of Label. A label
// without a known prefix is a CoreProvider's.
func ParseLabel(label string) (typ Type, name string) {
	if t, ok := TypeOf(label); ok && t != CoreProvider {
		return t, strings.TrimPrefix(label, labelPrefix[t])
	}
	return CoreProvider, label
}

// TypeOf is the one rule that reads a provider type from a name: the type whose
// word (TypeFlag: "bootstrap", "control-plane", ..., "core") followed by "-" begins
// it, as in a label ("bootstrap-kubeadm") or a components file name
// ("control-plane-components.yaml", "infrastructure-components-dev.yaml"). ok is
// false for a name no type's word begins (a core provider's label, "cluster-api").
func TypeOf(name string) (typ Type, ok bool) {
	for _, t := range Types {
		if strings.HasPrefix(name, typeFlag[t]+"-") {
			return t, true
		}
	}
	return "", false
}

// operatorWord is the cluster-api-operator's word for each provider type (its
// GetType()), used in its ConfigMap names and labels and in its OCI file names.
var operatorWord = map[Type]string{
	CoreProvider:             "core",
	BootstrapProvider:        "bootstrap",
	ControlPlaneProvider:     "control-plane",
	InfrastructureProvider:   "infrastructure",
	IPAMProvider:             "ipam",
	RuntimeExtensionProvider: "runtimeextension",
	AddonProvider:            "addon",
}

// OperatorType returns the operator's word for a clusterctl provider type ("" if unknown).
func OperatorType(typ Type) string { return operatorWord[typ] }

// TypeOfOperatorWord returns the clusterctl type of an operator type word, and whether
// it is one.
func TypeOfOperatorWord(word string) (Type, bool) {
	for _, t := range Types {
		if operatorWord[t] == word {
			return t, true
		}
	}
	return "", false
}
