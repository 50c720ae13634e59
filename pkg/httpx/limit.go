package httpx

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Size caps of source reads. A clusterctl repository's metadata.yaml is a few
// hundred bytes and the largest components files are a few tens of MB.
const (
	MaxMetadataSize int64 = 1 << 20  // metadata.yaml: 1 MiB
	MaxFileSize     int64 = 64 << 20 // any other file: 64 MiB
	// MaxReleaseSize caps the files of one release or artifact together (four files
	// at their cap); build applies it to the inputs of one render.
	MaxReleaseSize = 4 * MaxFileSize
	// MaxDocuments caps the YAML documents of one release file (the largest real
	// components files hold a few thousand).
	MaxDocuments = 100_000
)

// ErrTooLarge marks a read refused for its size.
var ErrTooLarge = errors.New("file too large")

// ReadAll reads r up to limit bytes; more is an error that names what and the cap
// and matches errors.Is(err, ErrTooLarge). It never holds more than limit+1 bytes.
func ReadAll(r io.Reader, limit int64, what string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, TooLarge(what, limit)
	}
	return data, nil
}

// ReadAllSized is ReadAll for a reader whose size is known (a file): it reads into one
// buffer of that size instead of growing one.
func ReadAllSized(r io.Reader, limit int64, what string, size int64) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, min(max(size, 0), limit)+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(r, limit+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > limit {
		return nil, TooLarge(what, limit)
	}
	return buf.Bytes(), nil
}

// TooLarge is the error for what exceeding limit bytes.
func TooLarge(what string, limit int64) error {
	return fmt.Errorf("%s is larger than the %s cap on source files; a clusterctl repository file this large is a mistake (or an attack): check the source: %w",
		what, Size(limit), ErrTooLarge)
}

// Size prints a byte count as GiB, MiB or KiB.
func Size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
