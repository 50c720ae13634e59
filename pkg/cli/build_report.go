package cli

import (
	"fmt"
	"io"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/output"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// buildReport is build's -o json: what was written (or planned, or refused), the
// findings (paths relative to the repository root) and the notes.
type buildReport struct {
	*publish.Report
	Findings lint.Findings `json:"findings"`
}

// findings prints the findings as -o asks (text on stderr; github and sarif on
// stdout; json later, in the report) and starts the report.
func (o *buildOptions) findings(io streams, fs lint.Findings, notes []string) (*buildReport, error) {
	fs.Sort()
	fs = nonNil(fs)
	rep := &buildReport{Report: &publish.Report{Destination: o.out, Actions: []publish.Outcome{}, Notes: notes}, Findings: fs}
	if o.sarif != "" {
		if err := lint.WriteFile(o.sarif, "sarif", fs, lint.Options{Rules: allRules()}); err != nil {
			return rep, withCode(ExitPublish, err)
		}
	}
	switch o.format {
	case "json":
		return rep, nil
	case "text":
		return rep, lint.Write(io.err, "text", fs, nil)
	}
	return rep, lint.WriteWith(io.out, o.format, fs, lint.Options{Rules: allRules()})
}

// refused ends a build whose findings have errors: nothing is written (exit 1).
func (o *buildOptions) refused(io streams, rep *buildReport, set *release.Set, err error) error {
	if err != nil {
		return err
	}
	n := rep.Findings.Count(lint.Error)
	for _, r := range set.Releases {
		rep.Add(r.String(), "", publish.Refused, fmt.Sprintf("%d error(s) in the findings", n))
	}
	if err := o.writeJSON(io, rep); err != nil {
		return err
	}
	return withCode(ExitFindings, fmt.Errorf("build refused: %d error(s); nothing was written", n))
}

// write puts the set in place (output.Write), or on a dry run checks that it could
// (output.Check), and reports each file.
func (o *buildOptions) write(io streams, rep *buildReport, set *release.Set) error {
	put, verb, action := output.Write, "built", publish.Written
	if o.dryRun {
		put, verb, action = output.Check, "would build", publish.Planned
	}
	dir, err := put(o.out, set)
	if err != nil {
		return withCode(ExitPublish, err)
	}
	lines := o.humanOut(io)
	for _, r := range set.Releases {
		for _, f := range r.Files {
			rep.Add(r.String(), f.Name, action, "")
		}
		fmt.Fprintf(lines, "%s %s -> %s\n", verb, r, dir)
	}
	if o.dryRun {
		fmt.Fprintf(lines, "dry run: nothing was written to %s\n", dir)
	}
	return o.writeJSON(io, rep)
}

// humanOut is where the built lines go: stdout, unless stdout carries findings or a report.
func (o *buildOptions) humanOut(s streams) io.Writer {
	switch o.format {
	case "text":
		return s.out
	case "json":
		return io.Discard
	}
	return s.err
}

func (o *buildOptions) writeJSON(io streams, rep *buildReport) error {
	if o.format != "json" {
		return nil
	}
	return writeJSON(io, rep)
}
