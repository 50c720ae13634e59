package install

import (
	"errors"
	"fmt"
)

// ErrMissing marks a binary or input the install cannot run without (exit 3).
var ErrMissing = errors.New("missing")

// classErr is an error of a class (ErrMissing, ErrStart, ErrIsolate) whose message
// does not repeat the class.
type classErr struct {
	msg   string
	class error
}

func (e *classErr) Error() string        { return e.msg }
func (e *classErr) Is(target error) bool { return target == e.class }

// missing is an ErrMissing error.
func missing(format string, args ...any) error {
	return &classErr{msg: fmt.Sprintf(format, args...), class: ErrMissing}
}
