package github

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/release"
)

// refusal explains why a published release that differs from the build is left
// alone, or returns nil when nothing was refused.
func (p *Publisher) refusal(tp *tagPlan, rel *ghRelease, ds []decision) error {
	var diffs []string
	for _, d := range ds {
		if d.action == release.Refused {
			diffs = append(diffs, d.it.file.Name+" ("+d.detail+")")
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	state, fix := "published", "release a new version (e.g. the next patch), or pass --replace to overwrite the assets of this mutable release"
	if rel.Immutable {
		state = "published and immutable (GitHub forbids any change to its assets)"
		fix = "release a new version (e.g. the next patch)"
	}
	msg := fmt.Sprintf("release %s of %s is %s and differs from this build in %s; clusterctl users may already have downloaded this version and changing it under them breaks reproducible installs and upgrades: %s",
		tp.tag, p.api.name(), state, strings.Join(diffs, ", "), fix)
	return withKind(ErrRefused, "%s", msg)
}
