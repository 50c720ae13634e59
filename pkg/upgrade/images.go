package upgrade

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/diff"
)

// images reports the images next adds or drops and those it moves to another
// registry (diff pairs a changed image by repository, then by name); a new tag of the
// same repository is a note.
func (c *check) images(diffs []diff.Difference) {
	for _, d := range diffs {
		if d.Section != diff.SectionImages {
			continue
		}
		file, _, _ := strings.Cut(d.File, ", ")
		var msg string
		switch {
		case d.Change == diff.OnlyInB:
			msg = fmt.Sprintf("%s adds the image %s: mirrors (capirepo mirror, images.txt) and registry allow-lists need it before clusters upgrade, or its pods fail with ErrImagePull", name(c.next), d.B)
		case d.Change == diff.OnlyInA:
			msg = fmt.Sprintf("%s no longer uses the image %s (%s did): mirrors and allow-lists may drop it once no cluster runs %s", name(c.next), d.A, name(c.prev), name(c.prev))
		case registry(d.A) != registry(d.B):
			msg = fmt.Sprintf("%s moves %s to the registry %s (%s): mirrors and allow-lists need the new registry before clusters upgrade, or its pods fail with ErrImagePull", name(c.next), d.A, registry(d.B), d.B)
		default:
			continue // a new tag: a note
		}
		c.cover(d.Subject, d.Path)
		c.add(RuleImages, file, 0, "", msg)
	}
}

// registry is the registry host of an image reference, as Docker reads it: the first
// path component when it has a dot or a port or is localhost, else docker.io.
func registry(ref string) string {
	first, _, ok := strings.Cut(ref, "/")
	if ok && (strings.ContainsAny(first, ".:") || first == "localhost") {
		return first
	}
	return "docker.io"
}
