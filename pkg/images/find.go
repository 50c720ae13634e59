package images

import (
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
)

// InRelease returns the images one release's files name (manifest.Images over every file but
// metadata.yaml, which clusterctl never applies): what mirror records per release.
// InSet, unlike it, also reads metadata.yaml.
func InRelease(r *release.Release) []string {
	var files [][]byte
	for _, f := range r.Files {
		if f.Name != layout.MetadataFile {
			files = append(files, f.Data)
		}
	}
	return manifest.Images(files...)
}

// InSet returns the images the release files of a set name (manifest.Images over every file).
func InSet(set *release.Set) []string {
	var files [][]byte
	for _, r := range set.Releases {
		for _, f := range r.Files {
			files = append(files, f.Data)
		}
	}
	return manifest.Images(files...)
}
