package publish

import "strings"

// Version names one release version at a destination.
type Version struct{ Label, Version string }

func (v Version) String() string { return v.Label + " " + v.Version }

// Held is what a destination holds of one version.
type Held struct {
	// Files maps a file name to the sha256 (hex) of the content held. An empty digest
	// means a copy that cannot be trusted (a broken upload): it always differs.
	Files map[string]string
	// Sealed: the version is published (a GitHub release, a local folder, a GitLab
	// version with its metadata.yaml). Without it the version is what an unfinished
	// earlier run left: missing files are put and different ones replaced.
	Sealed bool
	// Immutable: nothing may change, even with Policy.Replace.
	Immutable bool
	// Extra names files the destination holds that the set does not have; they are
	// left alone and reported.
	Extra []string
}

// State is what a destination holds, per version of the set. A version absent from
// the map is not there at all.
type State map[Version]*Held

// Digest returns the sha256 held for a file, and whether the file is there.
func (s State) Digest(v Version, file string) (string, bool) {
	h := s[v]
	if h == nil {
		return "", false
	}
	d, ok := h.Files[file]
	return d, ok
}

// short is the first 12 hex digits of a digest, for messages.
func short(sum string) string {
	if len(sum) > 12 {
		return sum[:12]
	}
	if sum == "" {
		return "(unreadable)"
	}
	return sum
}

func join(names []string) string { return strings.Join(names, ", ") }
