package scaffold

import "github.com/capirepo/capirepo/pkg/contract"

// askMovingTag asks about an extra components folder o whose manager image, other
// than the main folder's (which the config tags from the version), is on a tag that
// moves (contract.MovingTag, what lint's components-image-moving-tag warns about).
func (s *treeSurvey) askMovingTag(p *Provider, main, o *source, file string) {
	img := s.image(o)
	if img == "" || img == s.image(main) {
		return
	}
	ref := img
	if tag := finalTag(o.tree, o.c.image); tag != "" {
		ref += ":" + tag
	}
	if tag, moving := contract.MovingTag(ref); moving {
		p.ask("extraComponents", "%s leaves the image of %s (%s) as %s on %s, which moves: the release installs whatever it points at when a node pulls; pin it with an images: entry (newTag or a digest, or tagFromVersion: true)",
			s.imageNameAt(o, img), file, o.rel, img, tag)
	}
}
