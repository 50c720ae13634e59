package fsx

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrSpecial marks a path that is no regular file nor folder: a named pipe (FIFO), a
// socket or a device. Readers never open one: a FIFO blocks its reader until a
// writer comes, forever if none does.
var ErrSpecial = errors.New("not a regular file")

// specialError says what a refused path is.
type specialError struct{ mode fs.FileMode }

func (e specialError) Error() string {
	return "not a regular file (" + Kind(e.mode) + "): capirepo reads regular files only; replace it with a file"
}

func (e specialError) Is(target error) bool { return target == ErrSpecial }

// SpecialError is the refusal of a special file of mode m (it wraps ErrSpecial), for
// readers that find one while listing a folder.
func SpecialError(m fs.FileMode) error { return specialError{m} }

// Kind names a special file's type for messages: "a named pipe (FIFO)".
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file, " + m.Type().String()
}

// IsSpecial reports whether a mode (of Stat: links followed) is neither a regular
// file nor a folder.
func IsSpecial(m fs.FileMode) bool { return !m.IsRegular() && !m.IsDir() }

// Open opens path (following symbolic links) for reading, as every reader of
// capirepo does: a named pipe, socket or device is refused before it is opened, and
// the open file is checked again (openNoBlock opens without waiting for a FIFO's
// writer, in case one replaced the file in between). The error is an *fs.PathError
// naming path; a refused file's wraps ErrSpecial.
func Open(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if IsSpecial(fi.Mode()) {
		return nil, &fs.PathError{Op: "open", Path: path, Err: specialError{fi.Mode()}}
	}
	f, err := openNoBlock(path)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err != nil || IsSpecial(fi.Mode()) {
		f.Close()
		if err == nil {
			err = &fs.PathError{Op: "open", Path: path, Err: specialError{fi.Mode()}}
		}
		return nil, err
	}
	return f, nil
}

// ReadFile reads a whole file through Open: os.ReadFile for every reader.
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readSized(f)
}

// readSized reads f whole into a buffer sized from its Stat, as os.ReadFile does:
// one allocation of the file's size, not io.ReadAll's doublings (a 20 MB
// components file held in 27 MB, and as much again of garbage).
func readSized(f *os.File) ([]byte, error) {
	size := 512
	if fi, err := f.Stat(); err == nil && fi.Size() < 1<<40 {
		size += int(fi.Size())
	}
	buf := bytes.NewBuffer(make([]byte, 0, size))
	_, err := buf.ReadFrom(f)
	return buf.Bytes(), err
}

// ReadCapped reads a file through Open, refusing one of more than limit bytes with
// an error naming it and the cap (checked while reading: the file may grow).
func ReadCapped(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: larger than %d bytes", ErrTooLarge, limit)}
	}
	return data, nil
}

// ErrTooLarge marks a file ReadCapped refused for its size.
var ErrTooLarge = errors.New("file too large")
