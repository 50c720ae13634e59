package oci

import (
	"github.com/capirepo/capirepo/pkg/layout"
)

// operatorType is the word the operator uses for a provider type in file names.
var operatorType = map[string]string{
	layout.CoreProvider:             "core",
	layout.BootstrapProvider:        "bootstrap",
	layout.ControlPlaneProvider:     "control-plane",
	layout.InfrastructureProvider:   "infrastructure",
	layout.IPAMProvider:             "ipam",
	layout.RuntimeExtensionProvider: "runtimeextension",
	layout.AddonProvider:            "addon",
}

// OperatorType returns the operator's word for a clusterctl provider type ("infrastructure",
// "runtimeextension", ...).
func OperatorType(typ string) string { return operatorType[typ] }

// FullName is the operator's bundle file name: <type>-<name>-<version>-<suffix>.
func FullName(typ, name, version, suffix string) string {
	return OperatorType(typ) + "-" + name + "-" + version + "-" + suffix
}

// RuntimeExtensionAlias is the components file name the operator looks for in a
// runtime-extension artifact (clusterctl's runtime-extension-components.yaml is not found).
const RuntimeExtensionAlias = "runtimeextension-components.yaml"
