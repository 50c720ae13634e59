package scaffold

import (
	"errors"
	"fmt"
	"io"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// MaxRead is the largest file init reads: every Makefile, script, workflow,
// kustomization and YAML file goes through this cap (larger ones are named in a comment).
const MaxRead = 8 << 20

// reader reads files under a size cap and remembers the ones it refused.
type reader struct {
	max int64
	big []string // absolute paths of the files over the cap, in read order
	// special are the named pipes, sockets and devices found or refused (never opened)
	special []string
}

// read returns the file's content, or an error when it is missing, unreadable or over the cap.
func (r *reader) read(path string) ([]byte, error) {
	f, err := fsx.Open(path)
	if errors.Is(err, fsx.ErrSpecial) {
		r.refused(path)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, r.max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > r.max {
		if !contains(r.big, path) {
			r.big = append(r.big, path)
		}
		return nil, fmt.Errorf("%s: larger than %d bytes", path, r.max)
	}
	return data, nil
}

// refused remembers a special file (a named pipe, socket or device) init did not read.
func (r *reader) refused(path string) {
	if !contains(r.special, path) {
		r.special = append(r.special, path)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
