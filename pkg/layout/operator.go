package layout

import "strings"

// The cluster-api-operator's file rules for an OCI artifact (its mapStore, v0.29.0):
// it keeps only the layers titled with these names and takes, first non-empty wins,
// metadata from <type>-<name>-<version>-metadata.yaml, then metadata.yaml, and
// components from <type>-<name>-<version>-components.yaml, then
// <type>-components.yaml, then components.yaml (<type> is OperatorType).

// OperatorMetadataFiles are the names the operator reads metadata from, in its order.
func OperatorMetadataFiles(typ Type, name, version string) []string {
	return []string{operatorFull(typ, name, version, MetadataFile), MetadataFile}
}

// OperatorComponentsFiles are the names the operator reads components from, in its order.
func OperatorComponentsFiles(typ Type, name, version string) []string {
	return []string{operatorFull(typ, name, version, OperatorComponentsFile), OperatorType(typ) + "-" + OperatorComponentsFile, OperatorComponentsFile}
}

// OperatorReads tells whether the operator may read the layer titled file of an
// artifact: every name its rules pick from for some provider object, whose type, name
// and version are the object's (a user may point any object at any artifact), so
// metadata.yaml, components.yaml and every *-metadata.yaml and *-components.yaml.
func OperatorReads(file string) bool {
	return file == MetadataFile || file == OperatorComponentsFile ||
		strings.HasSuffix(file, "-"+MetadataFile) || strings.HasSuffix(file, "-"+OperatorComponentsFile)
}

// operatorFull is the operator's full file name <type>-<name>-<version>-<suffix>.
func operatorFull(typ Type, name, version, suffix string) string {
	return OperatorType(typ) + "-" + name + "-" + version + "-" + suffix
}
