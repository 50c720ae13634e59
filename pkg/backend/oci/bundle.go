package oci

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/release"
)

// ParseBundle reads a bundle reference NAME[:TAG] (publish oci --bundle): NAME is one
// lower-case path component, TAG (optional) a version.
func ParseBundle(s string) (*Bundle, error) {
	name, tag, _ := strings.Cut(s, ":")
	if _, err := registry.ParseTarget("x/" + name); err != nil || strings.Contains(name, "/") {
		return nil, fmt.Errorf("--bundle %q: NAME must be one lower-case path component", s)
	}
	if _, err := layout.ParseVersion(tag); tag != "" && err != nil {
		return nil, fmt.Errorf("--bundle %q: the tag must be a version: %w", s, err)
	}
	return &Bundle{Name: name, Tag: tag}, nil
}

// CheckVersions refuses a bundle without a tag whose providers differ in version: the
// bundle's tag is then their one version. ref is the reference as given (--bundle).
func (b *Bundle) CheckVersions(set *release.Set, ref string) error {
	if b == nil || b.Tag != "" {
		return nil
	}
	for _, r := range set.Releases {
		if r.Version != set.Releases[0].Version {
			return fmt.Errorf("--bundle %s: the providers have different versions (%s, %s): give the tag, --bundle %s:TAG", ref, set.Releases[0], r, ref)
		}
	}
	return nil
}
