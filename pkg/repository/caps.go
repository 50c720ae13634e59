package repository

import (
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
