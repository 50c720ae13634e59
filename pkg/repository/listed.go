package repository

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
)

// ErrMismatch marks a download whose bytes are not what the forge lists for the file
// (its size or sha256): a truncating proxy, or a server serving other bytes. Nothing
// of such a download is kept; it is a remote failure.
var ErrMismatch = errors.New("the download does not match the forge's listing")

// Listed is what a forge lists for a file: its size in bytes (negative: not listed)
// and its sha256 in hex ("": not listed).
type Listed struct {
	Size   int64
	SHA256 string
}

// Check compares a download (what names it, data) with the listing l; by names the
// forge ("GitHub", "GitLab"). A mismatch wraps ErrMismatch and names the file.
func (l Listed) Check(what, by string, data []byte) error {
	if l.Size >= 0 && int64(len(data)) != l.Size {
		return fmt.Errorf("%w: %s: %d bytes downloaded, but %s lists %d bytes for it (a truncating proxy or a server serving other bytes?); "+
			"nothing of it is kept: run again, and check what is between you and %s if it persists", ErrMismatch, what, len(data), by, l.Size, by)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); l.SHA256 != "" && got != l.SHA256 {
		return fmt.Errorf("%w: %s: downloaded sha256 %s, but %s lists sha256 %s for it (a server serving other bytes?); "+
			"nothing of it is kept: run again, and check what is between you and %s if it persists", ErrMismatch, what, got, by, l.SHA256, by)
	}
	return nil
}
