package layout

import (
	"fmt"
	"sort"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// Version is a parsed release version that kept its original spelling ("v1.2.3").
type Version struct {
	*semver.Version
	Tag string
}

// ParseVersion accepts exactly what clusterctl accepts as a version folder or tag
// (apimachinery ParseSemantic) and additionally requires the "v" prefix that
// clusterctl's `latest` resolution looks up.
func ParseVersion(s string) (Version, error) {
	hint := "want v<MAJOR>.<MINOR>.<PATCH>[-pre][+build], e.g. v1.2.3"
	if !strings.HasPrefix(s, "v") {
		return Version{}, fmt.Errorf("version %q has no \"v\" prefix: %s", s, hint)
	}
	v, err := semver.StrictNewVersion(strings.TrimPrefix(s, "v"))
	if err != nil {
		return Version{}, fmt.Errorf("version %q is not strict SemVer (%v): %s", s, err, hint)
	}
	return Version{Version: v, Tag: s}, nil
}

// IsVersion reports whether s is a version clusterctl would list (v prefix optional).
func IsVersion(s string) bool {
	_, err := semver.StrictNewVersion(strings.TrimPrefix(s, "v"))
	return err == nil
}

// SortVersions sorts version strings the way clusterctl ranks them for `latest`:
// GA releases before pre-releases, each group newest first. Invalid strings are dropped.
func SortVersions(in []string) []Version {
	var out []Version
	for _, s := range in {
		if v, err := semver.StrictNewVersion(strings.TrimPrefix(s, "v")); err == nil {
			out = append(out, Version{Version: v, Tag: s})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		pi, pj := out[i].Prerelease() != "", out[j].Prerelease() != ""
		if pi != pj {
			return !pi
		}
		return out[i].GreaterThan(out[j].Version)
	})
	return out
}
