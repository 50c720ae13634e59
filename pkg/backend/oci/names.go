package oci

import (
	"github.com/capirepo/capirepo/pkg/layout"
)

// OperatorType returns the operator's word for a clusterctl provider type ("infrastructure",
// "runtimeextension", ...).
func OperatorType(typ string) string { return layout.OperatorType(typ) }

// FullName is the operator's bundle file name: <type>-<name>-<version>-<suffix>.
func FullName(typ, name, version, suffix string) string {
	return OperatorType(typ) + "-" + name + "-" + version + "-" + suffix
}

// RuntimeExtensionAlias is the components file name the operator looks for in a
// runtime-extension artifact (clusterctl's runtime-extension-components.yaml is not found).
const RuntimeExtensionAlias = "runtimeextension-components.yaml"
