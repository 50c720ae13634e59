//go:build unix

package fsx

import (
	"os"
	"syscall"
)

// openNoBlock opens path read-only with O_NONBLOCK: opening a named pipe returns at
// once instead of waiting for a writer (Open then refuses it). A regular file's
// reads ignore the flag.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
