package local

import (
	"errors"

	"golang.org/x/sys/unix"
)

// errNoExchange says the file system cannot exchange two names atomically.
var errNoExchange = errors.New("atomic exchange not supported")

// exchange swaps two existing paths atomically (renameat2 RENAME_EXCHANGE).
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) || errors.Is(err, unix.EOPNOTSUPP) {
		return errNoExchange
	}
	return err
}
