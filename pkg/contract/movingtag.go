package contract

import (
	"strings"

	"github.com/distribution/reference"
)

// MovingTag says whether image is on a tag that moves, as the
// components-image-moving-tag rule reads it (:latest, :main, :master, :dev, …, or no
// tag; a digest pins it), and which: init asks about such a release image. An image
// that does not parse is not said to move.
func MovingTag(image string) (string, bool) {
	ref, err := reference.ParseNormalizedNamed(strings.TrimSpace(image))
	if err != nil {
		return "", false
	}
	return movingTag(ref)
}
