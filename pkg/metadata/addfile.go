package metadata

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
)

// WriteError is a metadata.yaml that could not be locked or written.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// AddSeriesFile adds the series of version (AddSeries) to the metadata.yaml at file,
// a new one when it is missing; changed is false when the series is there already.
// It reads and writes holding the lock on the file's folder that every capirepo
// writer there takes (fsx.LockBeside, which first removes what a killed run
// staged beside the file), so two runs never lose each other's series, and writes
// staged and renamed into place. Locking or writing fails with a *WriteError.
func AddSeriesFile(ctx context.Context, file string, version layout.Version, contract string) (changed bool, err error) {
	unlock, err := fsx.LockBeside(ctx, file)
	if err != nil {
		return false, &WriteError{err}
	}
	defer unlock()
	data, err := fsx.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	out, changed, err := AddSeries(data, version, contract)
	if err != nil {
		return false, fmt.Errorf("%s: %w", file, err)
	}
	if !changed {
		return false, nil
	}
	if err := (&fsx.FS{Mark: fsx.Mark}).WriteFile(file, out); err != nil {
		return false, &WriteError{err}
	}
	return true, nil
}

// PlanSeriesFile is AddSeriesFile for a dry run: whether the series would be added,
// with the same refusals, and nothing locked or written.
func PlanSeriesFile(file string, version layout.Version, contract string) (changed bool, err error) {
	data, err := fsx.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	if _, changed, err = AddSeries(data, version, contract); err != nil {
		return false, fmt.Errorf("%s: %w", file, err)
	}
	return changed, nil
}
