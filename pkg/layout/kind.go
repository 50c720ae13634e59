package layout

// Kind is the kind of a release file (FileKind): what clusterctl does with it.
type Kind string

// Release-file kinds.
const (
	KindMetadata     Kind = "metadata"
	KindComponents   Kind = "components"
	KindTemplate     Kind = "template"
	KindClusterClass Kind = "clusterclass"
	KindOther        Kind = "other"
)

// KindInfo is what clusterctl, capirepo's rules and the operator do with a kind.
type KindInfo struct {
	Reads       string   // what clusterctl reads it for ("" never)
	Substituted bool     // clusterctl substitutes its ${VAR} before reading it
	Families    []string // the rule families that check it (pkg/check's Rules)
	Operator    bool     // the operator's ConfigMaps carry it (metadata, components)
}

// kinds is the one table of kinds: a new clusterctl file type is an entry here and a
// case of FileKind; the switches over Kind that must react say so (exhaustive lint).
var kinds = map[Kind]KindInfo{
	KindMetadata: {Reads: "the release series and their contracts (init, upgrade, latest)",
		Families: []string{"vars-metadata", "metadata-*"}, Operator: true},
	KindComponents: {Reads: "the objects init installs", Substituted: true, Operator: true,
		Families: []string{"yaml-parse", "vars-*", "components-*", "crd-*", "webhook-*", "contract-*"}},
	KindTemplate: {Reads: "the objects generate cluster writes", Substituted: true,
		Families: []string{"yaml-parse", "template-yaml-after-substitution", "vars-*", "template-*"}},
	KindClusterClass: {Reads: "the ClusterClass generate cluster installs when a template names it",
		Substituted: true, Families: []string{"yaml-parse", "template-yaml-after-substitution", "vars-*", "clusterclass-*"}},
	KindOther: {},
}

// Info is the kind's row of the table (the zero KindInfo for an unknown kind).
func (k Kind) Info() KindInfo { return kinds[k] }

// Kinds lists every kind, in the order of the table's doc.
func Kinds() []Kind {
	return []Kind{KindMetadata, KindComponents, KindTemplate, KindClusterClass, KindOther}
}
