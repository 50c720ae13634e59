package localrepo

import (
	"bufio"
	"bytes"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/release"
)

// Checksums is a version's checksum file: "<sha256 hex>  <name>" lines sorted by
// name, as sha256sum writes them.
func Checksums(files []release.File) []byte {
	sorted := append([]release.File(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	var b strings.Builder
	for _, f := range sorted {
		b.WriteString(f.SHA256() + "  " + f.Name + "\n")
	}
	return []byte(b.String())
}

// parseChecksums reads a checksum file into name → sha256; lines that are not
// "<hex> <name>" (sha256sum's binary "*name" form too) are skipped.
func parseChecksums(data []byte) map[string]string {
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 {
			out[strings.TrimPrefix(f[1], "*")] = f[0]
		}
	}
	return out
}
