package releasescript

import (
	"strings"

	"github.com/distribution/reference"
)

// ImageName strips the tag and digest of an image reference (the name as written).
func ImageName(ref string) string {
	name, _, _ := strings.Cut(ref, "@") // digests as written, even malformed
	if r, err := reference.Parse(name); err == nil {
		if n, ok := r.(reference.Named); ok {
			return n.Name()
		}
	}
	return name
}
