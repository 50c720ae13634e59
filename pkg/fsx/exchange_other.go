//go:build !linux

package fsx

// exchange has no atomic implementation here: Replace renames the target aside.
func exchange(a, b string) error { return errNoExchange }
