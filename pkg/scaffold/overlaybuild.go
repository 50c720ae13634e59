package scaffold

import (
	"slices"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// releaseOverlayFirst moves to the front of srcs (ranked) the overlay of srcs[0] a
// release line renders into a components file itself (nutanix builds
// config/overlays/default/$(NUTANIX_CREDENTIALS_OVERLAY), which loads config/default
// and adds the credentials): the release ships the overlay, not its base.
func (s *treeSurvey) releaseOverlayFirst(srcs []*source) {
	for _, l := range s.hints.Lines {
		m := releasescript.CompBuild.FindStringSubmatch(l.Text)
		if m == nil || !l.Release {
			continue
		}
		d := (releasescript.ComponentBuild{Cd: m[1], Dir: m[2]}).Folder()
		i := slices.IndexFunc(srcs, func(o *source) bool { return o.rel == d })
		if i > 0 && srcs[i].tree.includes(srcs[0].tree.dir) {
			o := srcs[i]
			copy(srcs[1:i+1], srcs[:i])
			srcs[0] = o
			return
		}
	}
}
