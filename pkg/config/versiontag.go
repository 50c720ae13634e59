package config

import (
	"fmt"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// VersionTag is an image's tagFromVersion: false (unset), true (the release version is
// the tag: v0.6.12), or trimPrefix (the version without its leading v: 0.6.12, for
// releases that tag images without it).
type VersionTag string

const (
	VersionTagNone       VersionTag = ""
	VersionTagAsIs       VersionTag = "true"
	VersionTagTrimPrefix VersionTag = "trimPrefix"
)

// UnmarshalYAML accepts true, false and trimPrefix.
func (v *VersionTag) UnmarshalYAML(n *yaml.Node) error {
	switch {
	case n.Kind == yaml.ScalarNode && n.Value == string(VersionTagTrimPrefix):
		*v = VersionTagTrimPrefix
		return nil
	case n.Kind == yaml.ScalarNode && n.Tag == "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return err
		}
		*v = VersionTagNone
		if b {
			*v = VersionTagAsIs
		}
		return nil
	}
	return fmt.Errorf("line %d: tagFromVersion %q: want true, false or trimPrefix (the version without its leading v)", n.Line, n.Value)
}

// Set reports whether the tag comes from the release version.
func (v VersionTag) Set() bool { return v != VersionTagNone }

// Tag is the image tag for the release version ("" when unset).
func (v VersionTag) Tag(version string) string {
	switch v {
	case VersionTagAsIs:
		return version
	case VersionTagTrimPrefix:
		return strings.TrimPrefix(version, "v")
	}
	return ""
}
