package layout

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

// OperatorReads tells whether the operator reads the layer titled file of provider
// label's version: every file its rules would pick, whichever is picked.
func OperatorReads(file, label, version string) bool {
	typ, name := ParseLabel(label)
	if OperatorType(typ) == "" {
		return false
	}
	for _, n := range append(OperatorMetadataFiles(typ, name, version), OperatorComponentsFiles(typ, name, version)...) {
		if n == file {
			return true
		}
	}
	return false
}

// operatorFull is the operator's full file name <type>-<name>-<version>-<suffix>.
func operatorFull(typ Type, name, version, suffix string) string {
	return OperatorType(typ) + "-" + name + "-" + version + "-" + suffix
}
