package cli

import (
	"fmt"
	"github.com/capirepo/capirepo/pkg/lint"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/capirepo/capirepo/pkg/buildinfo"
)

// Env is everything the command line reads from its process: environment variables,
// standard streams and whether a stream is a terminal. Commands read the environment
// only through it, so tests pass tokens, CI and XDG variables without changing the
// process environment.
type Env struct {
	Getenv         func(string) string  // variable lookup; nil: no variable is set
	Stdin          io.Reader            // nil: empty input
	Stdout, Stderr io.Writer            // nil: discarded
	IsTerminal     func(io.Writer) bool // nil: never a terminal
	// BuildInfo is the binary's Go build information, read when Version was not set at
	// link time (buildinfo.From); nil: this binary's (debug.ReadBuildInfo).
	BuildInfo func() *debug.BuildInfo
}

// processEnv is the real process's environment, standard input and terminal check.
func processEnv(stdout, stderr io.Writer) Env {
	return Env{Getenv: os.Getenv, Stdin: os.Stdin, Stdout: stdout, Stderr: stderr, IsTerminal: isTerminalFile}
}

// MapEnv is a Getenv over a map, for tests and embedders.
func MapEnv(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func (e Env) streams() streams {
	s := streams{out: e.Stdout, err: e.Stderr, in: e.Stdin, getenv: e.Getenv, terminal: e.IsTerminal, buildInfo: e.BuildInfo}
	if s.out == nil {
		s.out = io.Discard
	}
	if s.err == nil {
		s.err = io.Discard
	}
	if s.in == nil {
		s.in = strings.NewReader("")
	}
	if s.getenv == nil {
		s.getenv = func(string) string { return "" }
	}
	if s.terminal == nil {
		s.terminal = func(io.Writer) bool { return false }
	}
	return s
}

// streams is what every command receives: output and log writers, input, the
// environment lookup and the terminal check. Never read os.Getenv or os.Stdin directly.
type streams struct {
	out, err  io.Writer
	in        io.Reader
	getenv    func(string) string
	terminal  func(io.Writer) bool
	buildInfo func() *debug.BuildInfo
}

// logf prints a line on stderr, remote text in it escaped (lint.Terminal).
func (s streams) logf(format string, args ...any) {
	fmt.Fprintln(s.err, lint.Terminal(fmt.Sprintf(format, args...)))
}

// env returns the first of the named variables that is set and not blank.
func (s streams) env(names ...string) string {
	for _, n := range names {
		if v := strings.TrimSpace(s.lookup(n)); v != "" {
			return v
		}
	}
	return ""
}

// lookup is getenv, safe on a zero streams (tests that build streams by hand).
func (s streams) lookup(name string) string {
	if s.getenv == nil {
		return ""
	}
	return s.getenv(name)
}

// capirepo is capirepo's own version, the one `version` prints and the signed
// provenance records: Version when set at link time, else from the build information.
func (s streams) capirepo() buildinfo.Info {
	read := s.buildInfo
	if read == nil {
		read = func() *debug.BuildInfo { bi, _ := debug.ReadBuildInfo(); return bi }
	}
	return buildinfo.From(Version, read())
}

// isTerminal reports whether w is an interactive terminal (false on a zero streams).
func (s streams) isTerminal(w io.Writer) bool { return s.terminal != nil && s.terminal(w) }
