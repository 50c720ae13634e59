package variables

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// checked holds one scanned file for the checks.
type checked struct {
	file string
	kind layout.Kind
	src  *source
	res  result
	top  map[string]bool // names used at top level
}

// Lint checks the variables of one release file. kind is a layout.Kind* value:
// components, templates and ClusterClass files are substituted by clusterctl and
// get every check; metadata.yaml is not substituted (any ${ is reported); other
// files are not read by clusterctl and get none. data is read in place, not
// copied, and must not change while Lint runs; no finding refers to it.
func Lint(file string, data []byte, kind layout.Kind) lint.Findings {
	return lintText(file, view(data), kind)
}

// lintText lints the text of one release file (see Lint).
func lintText(file, text string, kind layout.Kind) lint.Findings {
	switch kind {
	case layout.KindComponents, layout.KindTemplate, layout.KindClusterClass, layout.KindMetadata:
	default:
		return nil
	}
	src := newSource(text)
	res := src.walk()
	c := &checked{file: file, kind: kind, src: src, res: res, top: topLevel(res.uses)}
	var fs lint.Findings
	if kind == layout.KindMetadata {
		fs = c.metadata()
	} else {
		fs = c.all()
	}
	fs.Sort()
	return fs
}

func (c *checked) all() lint.Findings {
	fs := c.parseErrors()
	fs = append(fs, c.perUse()...)
	fs = append(fs, c.unbraced()...)
	fs = append(fs, c.perName()...)
	return fs
}

func (c *checked) finding(rule string, sev lint.Severity, line int, format string, args ...any) lint.Finding {
	return lint.Finding{Rule: rule, Severity: sev, File: c.file, Line: line, Message: fmt.Sprintf(format, args...)}
}

func (c *checked) parseErrors() lint.Findings {
	var fs lint.Findings
	for _, e := range c.res.errs {
		fs = append(fs, c.finding(RuleParse, lint.Error, e.Line,
			"clusterctl cannot parse %s and stops with %q (no file or line given); %s", e.Text, e.Err.Error(), e.Hint()))
	}
	return fs
}

func (c *checked) metadata() lint.Findings {
	var fs lint.Findings
	for _, u := range c.res.uses {
		if !u.use.Nested {
			fs = append(fs, c.finding(RuleMetadata, lint.Warning, u.use.Line,
				"%s stays literal: clusterctl reads metadata.yaml without variable substitution; write the value itself", u.use.Text))
		}
	}
	return fs
}

func (c *checked) unbraced() lint.Findings {
	var fs lint.Findings
	for _, b := range c.res.bare {
		fs = append(fs, c.finding(RuleUnbraced, lint.Note, b.use.Line,
			"%s is left as literal text by clusterctl (braces are required); write ${%s} if it is a clusterctl variable, ignore this if a shell or program expands it",
			b.use.Text, b.use.Name))
	}
	return fs
}
