package render

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// Build's inputs are refused by the readers' caps (httpx holds the numbers) before
// kustomize reads them: what verify and mirror would refuse is never rendered.

// InputCap is the size cap of a build input: the readers' cap of its name.
func InputCap(p string) int64 {
	if filepath.Base(p) == layout.MetadataFile {
		return httpx.MaxMetadataSize
	}
	return httpx.MaxFileSize
}

// ReadInput reads a build input, refused by its size before it is read (and while
// it is read: it may grow) with an error naming it and the cap.
func ReadInput(p string) ([]byte, error) {
	limit, size := InputCap(p), inputSize(p)
	if size > limit {
		return nil, httpx.TooLarge(p, limit)
	}
	f, err := fsx.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return httpx.ReadAllSized(f, limit, p, size)
}

// inputSize is p's size on disk (0 when it cannot be known: the read reports why).
func inputSize(p string) int64 {
	fi, err := os.Stat(p)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// addInput counts p's bytes in the inputs of one render, refused past the cap of
// one release's files.
func (s *screener) addInput(p string) error {
	if s.bytes += inputSize(p); s.bytes <= httpx.MaxReleaseSize {
		return nil
	}
	return fmt.Errorf("%s: the files this kustomization reads add up to more than the %s cap of one release's files (%s so far): verify and mirror refuse such a release: %w",
		p, httpx.Size(httpx.MaxReleaseSize), httpx.Size(s.bytes), httpx.ErrTooLarge)
}

// checkDocs refuses a prebuilt file of more documents than a release file may hold,
// before it is parsed.
func checkDocs(p string, st manifest.DocStats) error {
	if n := st.Docs + st.ListItems; n > httpx.MaxDocuments {
		return fmt.Errorf("%s holds more than %d YAML documents, the cap of one release file (%d found): verify and mirror refuse such a file: %w", p, httpx.MaxDocuments, n, httpx.ErrTooLarge)
	}
	return nil
}
