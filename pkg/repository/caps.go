package repository

import (
	"bytes"
	"fmt"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
)

// CapFor is the size cap of reading a release file: httpx.MaxMetadataSize for
// metadata.yaml, else max (httpx.MaxFileSize when max <= 0). Every kind reads with it.
func CapFor(name string, max int64) int64 {
	if name == layout.MetadataFile {
		return httpx.MaxMetadataSize
	}
	if max <= 0 {
		return httpx.MaxFileSize
	}
	return max
}

// MaxDocuments caps the YAML documents of one release file (httpx holds the number).
const MaxDocuments = httpx.MaxDocuments

// CheckFile applies the readers' caps to a file build or lint is given or writes:
// its size (CapFor) and its documents. The error names the file and the cap and
// matches httpx.ErrTooLarge.
func CheckFile(name string, data []byte) error {
	if limit := CapFor(name, 0); int64(len(data)) > limit {
		return httpx.TooLarge(name, limit)
	}
	if n := documents(data); n > MaxDocuments {
		return fmt.Errorf("%s holds more than %d YAML documents, the cap of one release file (%d found): %w", name, MaxDocuments, n, httpx.ErrTooLarge)
	}
	return nil
}

// documents counts the document separators (lines starting with ---) plus one.
func documents(data []byte) int {
	n := 1
	if bytes.HasPrefix(data, []byte("---")) {
		n = 0
	}
	return n + bytes.Count(data, []byte("\n---"))
}
