package arch

import (
	"strconv"
	"strings"
	"testing"
)

// yamlLibraries are the YAML libraries of the module's dependencies.
var yamlLibraries = []string{"go.yaml.in/yaml/v3", "gopkg.in/yaml.v3", "gopkg.in/yaml.v2", "sigs.k8s.io/yaml",
	"sigs.k8s.io/kustomize/kyaml/yaml"}

// yamlOwners are the packages that decode or encode YAML, each for the format it
// owns; any other package asks them (a release file's objects come from
// manifest.Split, with their nodes).
var yamlOwners = map[string]string{
	"pkg/manifest":          "release files: split, screened, with line numbers",
	"pkg/metadata":          "metadata.yaml",
	"pkg/config":            "capirepo.yaml",
	"pkg/clusterctlcfg":     "clusterctl.yaml",
	"pkg/backend/configmap": "the operator's ConfigMaps and provider objects",
	"pkg/render":            "kustomizations (kustomize's own YAML library)",
	"pkg/scaffold":          "the kustomizations and docs init inspects",
	"pkg/components":        "kustomize's resources as it edits them",
	"pkg/contract":          "the nodes manifest.Split gives, walked by the rules",
	"pkg/variables":         "the defaults clusterctl's envsubst writes into YAML",
	"pkg/check":             "a template that is YAML only after clusterctl's substitution",
	"pkg/initcheck":         "the lines of the capirepo.yaml init proposes",
	"pkg/install":           "the objects verify --install sends to the API server, its --values file and its clusterctl config",

	"cmd/capirepo/internal/yamldecode": "the benchmark's bare yaml.v3 decode",
}

func TestOnlyYAMLOwnersImportAYAMLLibrary(t *testing.T) {
	m := mustLoad(t)
	for _, p := range m.sorted() {
		if _, ok := yamlOwners[p.path]; ok || yamlOwners[ownerOf(p.path)] != "" || hasPrefix([]string{"pkg/testsupport/"}, p.path) {
			continue
		}
		for _, f := range p.files {
			for _, spec := range f.Imports {
				if path, _ := strconv.Unquote(spec.Path.Value); contains(yamlLibraries, path) {
					t.Errorf("%s: %s imports %s; YAML is read by the package that owns its format (yamlOwners): "+
						"call it, or, in review, name the new format's owner there", m.where(spec.Pos()), p.path, path)
				}
			}
		}
	}
}

// ownerOf is the package an internal package belongs to (itself for the others).
func ownerOf(path string) string {
	if i := strings.Index(path, "/internal/"); i >= 0 {
		return path[:i]
	}
	return path
}
