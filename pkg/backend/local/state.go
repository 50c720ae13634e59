package local

import (
	"sort"

	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// readHeld hashes the release files of a published version folder (localrepo.Digests),
// or returns nil when there is none. An entry that is not a regular file gets an
// empty digest, so it always differs.
func readHeld(dir string, rel *release.Release) (*publish.Held, error) {
	digests, err := localrepo.Digests(dir)
	if digests == nil || err != nil {
		return nil, err
	}
	h := &publish.Held{Files: digests, Sealed: true}
	for name := range digests {
		if rel.File(name) == nil {
			h.Extra = append(h.Extra, name)
		}
	}
	sort.Strings(h.Extra)
	return h, nil
}
