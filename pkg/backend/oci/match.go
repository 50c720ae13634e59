package oci

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// Found is what the operator takes from an artifact for one provider.
type Found struct {
	Metadata   string // the matched layer title
	Components string
}

// match applies the operator's file-matching rules (first match wins) for a provider of
// clusterctl type typ, name and version, and fails as the operator would.
func match(files map[string][]byte, typ layout.Type, name, version string) (Found, error) {
	ot := layout.OperatorType(typ)
	full := ot + "-" + name + "-" + version + "-"
	meta := first(files, layout.OperatorMetadataFiles(typ, name, version)...)
	comp := first(files, layout.OperatorComponentsFiles(typ, name, version)...)
	var missing []string
	if meta == "" {
		missing = append(missing, fmt.Sprintf("metadata (%smetadata.yaml or metadata.yaml)", full))
	}
	if comp == "" {
		missing = append(missing, fmt.Sprintf("components (%scomponents.yaml, %s-components.yaml or components.yaml)", full, ot))
	}
	if len(missing) > 0 {
		return Found{}, fmt.Errorf("the operator finds no %s for %s %s %s", strings.Join(missing, " and no "), ot, name, version)
	}
	return Found{Metadata: meta, Components: comp}, nil
}

func first(files map[string][]byte, names ...string) string {
	for _, n := range names {
		if _, ok := files[n]; ok {
			return n
		}
	}
	return ""
}
