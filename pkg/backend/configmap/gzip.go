package configmap

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
)

// MaxComponents bounds what a compressed components entry may expand to when read
// back, so a crafted folder cannot exhaust memory (real components are a few MiB).
const MaxComponents = 256 << 20

// compress gzips data as the operator does (compressData): Go's gzip at the default
// level, with a header that holds no name and no modification time, so the same input
// always gives the same bytes.
func compress(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decompress reads gzip data back, refusing more than MaxComponents bytes.
func decompress(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not gzip data: %w", err)
	}
	out, err := io.ReadAll(io.LimitReader(zr, MaxComponents+1))
	if err != nil {
		return nil, fmt.Errorf("cannot decompress: %w", err)
	}
	if len(out) > MaxComponents {
		return nil, fmt.Errorf("expands to more than %d MiB", MaxComponents>>20)
	}
	return out, zr.Close()
}
