package cli

import (
	"context"
	"errors"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/publish"
)

// Exit codes (documented in docs/exit-codes.md).
const (
	ExitOK          = 0   // success
	ExitFindings    = 1   // the release breaks a contract rule (lint/build/verify errors)
	ExitUsage       = 2   // bad command line or configuration file
	ExitInput       = 3   // input cannot be read or rendered (files, kustomize, YAML)
	ExitPublish     = 4   // a remote or destination failed (network, auth, filesystem)
	ExitConflict    = 5   // different content already published; nothing was changed
	ExitQuestions   = 10  // init only: the config is written, and init asks the maintainer to check values (stderr lists them)
	ExitInterrupted = 130 // interrupted (Ctrl-C / SIGTERM)
)

// codedError carries an exit code.
type codedError struct {
	code   int
	err    error
	silent bool // already reported (findings printed); print no error line
}

func (e *codedError) Error() string { return e.err.Error() }
func (e *codedError) Unwrap() error { return e.err }

func withCode(code int, err error) error {
	if err == nil {
		return nil
	}
	return &codedError{code: code, err: err}
}

func usageErr(err error) error { return withCode(ExitUsage, err) }

// silentErr is an exit code whose cause was already printed.
func silentErr(code int, err error) error { return &codedError{code: code, err: err, silent: true} }

func isSilent(err error) bool {
	var c *codedError
	return errors.As(err, &c) && c.silent
}

func exitCode(err error) int {
	var c *codedError
	var ce *config.Error
	var fs lint.Findings
	switch {
	case errors.Is(err, context.Canceled):
		return ExitInterrupted
	case errors.Is(err, publish.ErrConflict):
		return ExitConflict
	case errors.Is(err, httpx.ErrCap):
		return ExitPublish // a remote reached a cap of docs/remote-calls.md
	case errors.As(err, &c):
		return c.code
	case errors.As(err, &ce):
		return ExitUsage
	case errors.As(err, &fs):
		return ExitFindings
	}
	return ExitInput
}
