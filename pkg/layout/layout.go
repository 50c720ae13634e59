// Package layout holds clusterctl's naming rules: provider types and labels, components
// file names, version syntax, and the paths and URLs of the three repository kinds.
// It is a leaf package: pure functions, no I/O.
package layout

import (
	"fmt"
	"regexp"
	"strings"
)

// Provider types, spelled as clusterctl.yaml spells them.
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
var Types = []string{CoreProvider, BootstrapProvider, ControlPlaneProvider, InfrastructureProvider,
	IPAMProvider, RuntimeExtensionProvider, AddonProvider}

var labelPrefix = map[string]string{
	CoreProvider:             "",
	BootstrapProvider:        "bootstrap-",
	ControlPlaneProvider:     "control-plane-",
	InfrastructureProvider:   "infrastructure-",
	IPAMProvider:             "ipam-",
	RuntimeExtensionProvider: "runtime-extension-",
	AddonProvider:            "addon-",
}

var componentsFile = map[string]string{
	CoreProvider:             "core-components.yaml",
	BootstrapProvider:        "bootstrap-components.yaml",
	ControlPlaneProvider:     "control-plane-components.yaml",
	InfrastructureProvider:   "infrastructure-components.yaml",
	IPAMProvider:             "ipam-components.yaml",
	RuntimeExtensionProvider: "runtime-extension-components.yaml",
	AddonProvider:            "addon-components.yaml",
}

// typeFlag maps a type to the clusterctl CLI flag that selects it.
var typeFlag = map[string]string{
	CoreProvider:             "core",
	BootstrapProvider:        "bootstrap",
	ControlPlaneProvider:     "control-plane",
	InfrastructureProvider:   "infrastructure",
	IPAMProvider:             "ipam",
	RuntimeExtensionProvider: "runtime-extension",
	AddonProvider:            "addon",
}

// ValidType reports whether t is one of the seven clusterctl provider types.
func ValidType(t string) bool { _, ok := labelPrefix[t]; return ok }

// Label returns the provider label clusterctl derives (ManifestLabel): the folder name
// of a local repository and the value of the cluster.x-k8s.io/provider label.
func Label(typ, name string) string { return labelPrefix[typ] + name }

// ComponentsFile returns the contract's recommended components file name for a type.
func ComponentsFile(typ string) string { return componentsFile[typ] }

// TypeFlag returns the clusterctl flag name for a type ("infrastructure", ...).
func TypeFlag(typ string) string { return typeFlag[typ] }

var dns1123Label = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)

// ValidateName checks a provider name the way clusterctl's config and CLI do together.
func ValidateName(typ, name string) error {
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
		return fmt.Errorf("provider type %q is not one of %s", typ, strings.Join(Types, ", "))
	}
	return nil
}

// ParseLabel splits a provider label into type and name: the reverse of Label. A label
// without a known prefix is a CoreProvider's.
func ParseLabel(label string) (typ, name string) {
	for _, t := range Types[1:] {
		if p := labelPrefix[t]; strings.HasPrefix(label, p) {
			return t, strings.TrimPrefix(label, p)
		}
	}
	return CoreProvider, label
}

// operatorWord is the cluster-api-operator's word for each provider type (its
// GetType()), used in its ConfigMap names and labels and in its OCI file names.
var operatorWord = map[string]string{
	CoreProvider:             "core",
	BootstrapProvider:        "bootstrap",
	ControlPlaneProvider:     "control-plane",
	InfrastructureProvider:   "infrastructure",
	IPAMProvider:             "ipam",
	RuntimeExtensionProvider: "runtimeextension",
	AddonProvider:            "addon",
}

// OperatorType returns the operator's word for a clusterctl provider type ("" if unknown).
func OperatorType(typ string) string { return operatorWord[typ] }

// TypeOfOperatorWord returns the clusterctl type of an operator type word, and whether
// it is one.
func TypeOfOperatorWord(word string) (string, bool) {
	for _, t := range Types {
		if operatorWord[t] == word {
			return t, true
		}
	}
	return "", false
}
