//go:build !unix

package fsx

import "os"

// openNoBlock opens path read-only; Open checked it is no special file first.
func openNoBlock(path string) (*os.File, error) { return os.Open(path) }
