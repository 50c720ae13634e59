package oci

import (
	"github.com/capirepo/capirepo/pkg/layout"
)

// fullName is the operator's bundle file name: <type>-<name>-<version>-<suffix>.
func fullName(typ layout.Type, name, version, suffix string) string {
	return layout.OperatorType(typ) + "-" + name + "-" + version + "-" + suffix
}

// RuntimeExtensionAlias is the components file name the operator looks for in a
// runtime-extension artifact (clusterctl's runtime-extension-components.yaml is not found).
const RuntimeExtensionAlias = layout.OperatorRuntimeExtensionFile
