package bigtree

import (
	"fmt"
	"strings"
)

// Components is a components file of at least size bytes, the same for the same size:
// the Namespace and manager Deployment of a provider, then CRDs (see CRD) until the
// size is reached.
func Components(size int) []byte {
	var b strings.Builder
	b.Grow(size + 80<<10)
	b.WriteString(manager)
	for i := 0; b.Len() < size; i++ {
		b.WriteString("---\n")
		b.WriteString(CRD(fmt.Sprintf("Thing%03d", i)))
	}
	return []byte(b.String())
}
