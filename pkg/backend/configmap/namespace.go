package configmap

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
)

// defaultNamespace is the namespace a provider version goes to when the user names
// none: the one Namespace its components create, which is where `clusterctl init`
// installs it too. The operator installs a provider into its provider object's
// namespace and lists the ConfigMaps only there, so both go to this namespace.
func defaultNamespace(r *release.Release) (string, error) {
	comp := r.File(r.ComponentsFile)
	if comp == nil {
		return "", fmt.Errorf("%s: the release has no %s", r, r.ComponentsFile)
	}
	docs, err := manifest.SplitWith(comp.Data, manifest.Options{Slim: manifest.KeepPaths()})
	if err != nil {
		return "", fmt.Errorf("%s: %s: %w", r, r.ComponentsFile, err)
	}
	var names []string
	for _, d := range docs {
		if d.Obj != nil && d.Obj.Kind() == "Namespace" && d.Obj.APIVersion() == "v1" {
			names = append(names, d.Obj.Name())
		}
	}
	if len(names) != 1 {
		return "", fmt.Errorf("%s: %s creates %d Namespaces (%s), so capirepo cannot tell where the operator should install it: name the namespace (--namespace)", r, r.ComponentsFile, len(names), strings.Join(names, ", "))
	}
	return names[0], nil
}

// namespaceObject is the Namespace for ns.
func namespaceObject(ns string) *Namespace {
	return &Namespace{APIVersion: "v1", Kind: "Namespace", Metadata: Meta{Name: ns}}
}
