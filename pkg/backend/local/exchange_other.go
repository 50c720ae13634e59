//go:build !linux

package local

import "errors"

// errNoExchange says the system cannot exchange two names atomically.
var errNoExchange = errors.New("atomic exchange not supported")

// exchange is not available here: commit sets the old version aside instead.
func exchange(a, b string) error { return errNoExchange }
