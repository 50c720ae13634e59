package scaffold

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// MaxRead is the largest file init reads: every Makefile, script, workflow,
// kustomization and YAML file goes through this cap (larger ones are named in a comment).
const MaxRead = 8 << 20

// reader reads files under a size cap and remembers the ones it refused.
type reader struct {
	max int64
	big []string // absolute paths of the files over the cap, in read order
	// unread are the other files found or read but not read, with why: named pipes,
	// sockets and devices (never opened), files it may not open
	unread map[string]string
}

// read returns the file's content, or an error when it is missing, unreadable or over the cap.
func (r *reader) read(path string) ([]byte, error) {
	f, err := fsx.Open(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		r.refused(path, err)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() <= r.max {
		data := make([]byte, fi.Size()) // one allocation of the file's size
		n, err := io.ReadFull(f, data)
		if err != nil && err != io.ErrUnexpectedEOF {
			return nil, err
		}
		return data[:n], nil
	}
	data, err := io.ReadAll(io.LimitReader(f, r.max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > r.max {
		if !slices.Contains(r.big, path) {
			r.big = append(r.big, path)
		}
		return nil, fmt.Errorf("%s: larger than %d bytes", path, r.max)
	}
	return data, nil
}

// refused remembers a file init did not read and why (err: its open's error).
func (r *reader) refused(path string, err error) {
	why := "unreadable: " + err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		why = "unreadable: " + pe.Err.Error()
	}
	if fi, serr := os.Stat(path); serr == nil && fsx.IsSpecial(fi.Mode()) {
		why = "not a regular file: " + fsx.Kind(fi.Mode()) + "; never opened"
	}
	if r.unread == nil {
		r.unread = map[string]string{}
	}
	r.unread[path] = why
}
