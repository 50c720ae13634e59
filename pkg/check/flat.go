package check

import (
	"path/filepath"
	"regexp"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// flatDir splits a folder holding several providers' components files, as a GitHub
// release serves them (cluster-api's: core-, bootstrap-, control-plane- and
// infrastructure-components-development.yaml beside one metadata.yaml), into one
// target per components file. Each provider is identified from its file name and the
// cluster.x-k8s.io/provider label of its objects, never from the folder name; the
// folder name is the version when it is one. metadata.yaml goes with every target
// (Shared, so its findings are reported once), templates and ClusterClasses with
// the infrastructure provider's.
func flatDir(dir string) ([]Target, bool, error) {
	files, err := yamlFiles(dir)
	if err != nil || !severalProviders(files) {
		return nil, false, err
	}
	version, ok := layout.ListedVersion(filepath.Base(dir))
	partial := !ok
	if partial {
		version = looseVersion
	}
	var out []Target
	for _, f := range files {
		if layout.FileKind(f.Name) != layout.KindComponents {
			continue
		}
		r := &release.Release{Version: version, ComponentsFile: f.Name, Files: []release.File{f}}
		r.Type, r.Name = providerOf(f)
		for _, o := range files {
			if k := layout.FileKind(o.Name); k == layout.KindMetadata || r.Type == layout.InfrastructureProvider && (k == layout.KindTemplate || k == layout.KindClusterClass) {
				r.Files = append(r.Files, o)
			}
		}
		r.Sort()
		out = append(out, Target{Release: r, Dir: dir, Partial: partial, Shared: metadataFiles(files)})
	}
	return out, true, nil
}

// metadataFiles names the metadata.yaml files among files.
func metadataFiles(files []release.File) []string {
	var out []string
	for _, f := range files {
		if layout.FileKind(f.Name) == layout.KindMetadata {
			out = append(out, f.Name)
		}
	}
	return out
}

// yamlFiles reads the regular .yaml files of dir, sorted by name.
func yamlFiles(dir string) ([]release.File, error) {
	return readFiles(dir, func(n string) bool { return filepath.Ext(n) == ".yaml" })
}

// severalProviders: the components files belong to more than one provider.
func severalProviders(files []release.File) bool {
	seen := map[string]bool{}
	for _, f := range files {
		if layout.FileKind(f.Name) == layout.KindComponents {
			typ, name := providerOf(f)
			seen[string(typ)+"/"+name] = true
		}
	}
	return len(seen) > 1
}

var providerLabel = regexp.MustCompile(`(?m)^\s*cluster\.x-k8s\.io/provider:\s*["']?([a-z0-9][-a-z0-9]*)`)

// providerOf is the type from the file name and the name from the most common
// cluster.x-k8s.io/provider label of the objects, when it is of that type.
func providerOf(f release.File) (typ layout.Type, name string) {
	typ, name = guessProvider(f.Name)
	count := map[string]int{}
	best := ""
	for _, m := range providerLabel.FindAllSubmatch(f.Data, -1) {
		l := string(m[1])
		count[l]++
		if best == "" || count[l] > count[best] || count[l] == count[best] && l < best {
			best = l
		}
	}
	if t, n := layout.ParseLabel(best); best != "" && t == typ {
		name = n
	}
	return typ, name
}
