package oci

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// ParseBundle reads a bundle reference NAME[:TAG] (publish oci --bundle): NAME is one
// lower-case path component, TAG (optional) a version.
func ParseBundle(s string) (*Bundle, error) {
	name, tag, _ := strings.Cut(s, ":")
	if _, err := ParseTarget("x/" + name); err != nil || strings.Contains(name, "/") {
		return nil, fmt.Errorf("--bundle %q: NAME must be one lower-case path component", s)
	}
	if _, err := layout.ParseVersion(tag); tag != "" && err != nil {
		return nil, fmt.Errorf("--bundle %q: the tag must be a version: %w", s, err)
	}
	return &Bundle{Name: name, Tag: tag}, nil
}
