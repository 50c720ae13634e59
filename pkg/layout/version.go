package layout

import (
	"fmt"
	"sort"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// Version is a release version parsed once, at the edge where it enters (a flag, a
// folder or tag name, a file), and carried typed from there: its SemVer parts and its
// spelling. The zero Version is no version; NamedVersion keeps a name that is not one.
// It encodes as its spelling (MarshalText), so records that hold one keep their
// bytes, and == compares spelling and parts.
type Version struct {
	sv  semver.Version
	ok  bool // sv holds the parsed version
	tag string
}

const versionHint = "want v<MAJOR>.<MINOR>.<PATCH>[-pre][+build], e.g. v1.2.3"

// ParseVersion accepts exactly what clusterctl accepts as a version folder or tag
// (apimachinery ParseSemantic) and additionally requires the "v" prefix that
// clusterctl's `latest` resolution looks up.
func ParseVersion(s string) (Version, error) {
	if !strings.HasPrefix(s, "v") {
		return Version{}, noPrefix(s)
	}
	v, err := semver.StrictNewVersion(strings.TrimPrefix(s, "v"))
	if err != nil {
		return Version{}, fmt.Errorf("version %q is not strict SemVer (%v): %s", s, err, versionHint)
	}
	return Version{sv: *v, ok: true, tag: s}, nil
}

func noPrefix(s string) error {
	return fmt.Errorf("version %q has no \"v\" prefix: %s", s, versionHint)
}

// ListedVersion parses a name the way clusterctl lists versions: strict SemVer, the
// "v" optional. ok is false for a name clusterctl skips.
func ListedVersion(s string) (v Version, ok bool) {
	v, err := ParseListed(s)
	return v, err == nil
}

// ParseListed is ListedVersion with the SemVer parser's reason for a name that is not
// a version.
func ParseListed(s string) (Version, error) {
	sv, err := semver.StrictNewVersion(strings.TrimPrefix(s, "v"))
	if err != nil {
		return Version{}, err
	}
	return Version{sv: *sv, ok: true, tag: s}, nil
}

// NamedVersion is the version a folder or tag name spells (ListedVersion); a name that
// is not a version keeps its spelling without SemVer parts (Valid is false, Check
// says why), so messages still name it as it was.
func NamedVersion(s string) Version {
	if v, ok := ListedVersion(s); ok {
		return v
	}
	return Version{tag: s}
}

// ReleaseVersion is the release vMAJOR.MINOR.PATCH built from its numbers (no
// spelling to parse): a series' first release, vX.Y.0.
func ReleaseVersion(major, minor, patch uint64) Version {
	sv := semver.New(major, minor, patch, "", "")
	return Version{sv: *sv, ok: true, tag: "v" + sv.String()}
}

// MustParseVersion is ParseVersion for versions spelled in code (tests); it panics
// on a version ParseVersion refuses.
func MustParseVersion(s string) Version {
	v, err := ParseVersion(s)
	if err != nil {
		panic(err)
	}
	return v
}

// IsVersion reports whether s is a version clusterctl would list (v prefix optional).
func IsVersion(s string) bool {
	_, ok := ListedVersion(s)
	return ok
}

// String is the version as it was spelled ("v1.2.3"); "" for the zero Version.
func (v Version) String() string { return v.tag }

// IsZero reports the zero Version (no version, no name).
func (v Version) IsZero() bool { return v == Version{} }

// Valid reports a version with SemVer parts (not a NamedVersion of another name).
func (v Version) Valid() bool { return v.ok }

// Check returns ParseVersion's error for what is not a version ParseVersion accepts
// (a listed name without the "v" such as "1.2.3", a name that is no version, the zero
// Version), else nil.
func (v Version) Check() error {
	if v.ok && strings.HasPrefix(v.tag, "v") {
		return nil
	}
	_, err := ParseVersion(v.tag) // only on the way to an error: the parse names why
	return err
}

// Major, Minor and Patch are the version's numbers (0 for the zero Version).
func (v Version) Major() uint64 { return v.part((*semver.Version).Major) }
func (v Version) Minor() uint64 { return v.part((*semver.Version).Minor) }
func (v Version) Patch() uint64 { return v.part((*semver.Version).Patch) }

func (v Version) part(f func(*semver.Version) uint64) uint64 {
	if !v.ok {
		return 0
	}
	return f(&v.sv)
}

// Prerelease is the pre-release part ("rc.1"), "" for a release.
func (v Version) Prerelease() string {
	if !v.ok {
		return ""
	}
	return v.sv.Prerelease()
}

// SemVer is the version without the "v" ("1.2.3-rc.1+b.2"), as semver prints it.
func (v Version) SemVer() string {
	if !v.ok {
		return ""
	}
	return v.sv.String()
}

// Canonical is "v" + SemVer: the spelling clusterctl gives a version it resolved.
func (v Version) Canonical() string { return "v" + v.SemVer() }

// Compare orders by SemVer precedence (-1, 0, 1); what is not a version is lowest.
func (v Version) Compare(w Version) int {
	switch {
	case !v.ok && !w.ok:
		return 0
	case !v.ok:
		return -1
	case !w.ok:
		return 1
	}
	return v.sv.Compare(&w.sv)
}

// LessThan and GreaterThan compare by SemVer precedence.
func (v Version) LessThan(w Version) bool    { return v.Compare(w) < 0 }
func (v Version) GreaterThan(w Version) bool { return v.Compare(w) > 0 }

// SameSeries reports whether v belongs to the release series major.minor.
func (v Version) SameSeries(major, minor int64) bool {
	return v.ok && major >= 0 && minor >= 0 && v.Major() == uint64(major) && v.Minor() == uint64(minor)
}

// MarshalText encodes the version as its spelling.
func (v Version) MarshalText() ([]byte, error) { return []byte(v.tag), nil }

// UnmarshalText decodes a version spelled as ParseVersion accepts it ("" is the zero Version).
func (v *Version) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*v = Version{}
		return nil
	}
	p, err := ParseVersion(string(b))
	*v = p
	return err
}

// SortVersions sorts version strings the way clusterctl ranks them for `latest`:
// GA releases before pre-releases, each group newest first. Names that are not
// versions (ListedVersion) are dropped.
func SortVersions(in []string) []Version {
	var out []Version
	for _, s := range in {
		if v, ok := ListedVersion(s); ok {
			out = append(out, v)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		pi, pj := out[i].Prerelease() != "", out[j].Prerelease() != ""
		if pi != pj {
			return !pi
		}
		return out[i].GreaterThan(out[j])
	})
	return out
}

// Newest is the highest version of vs by SemVer precedence (a pre-release below its
// release), the way the cluster-api-operator ranks versions; the zero Version when
// none is a version.
func Newest(vs []string) Version {
	var best Version
	for _, s := range vs {
		if v, ok := ListedVersion(s); ok && (!best.ok || v.GreaterThan(best)) {
			best = v
		}
	}
	return best
}
