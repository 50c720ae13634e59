package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// Formats lists the output formats Write accepts.
var Formats = []string{"text", "json", "github", "sarif"}

// Write prints findings in a format; rules feeds the SARIF rule table.
func Write(w io.Writer, format string, fs Findings, rules []Rule) error {
	return WriteWith(w, format, fs, Options{Rules: rules})
}

// Options of WriteWith.
type Options struct {
	Rules []Rule // the SARIF rule table
	// Layout is the published repository (a folder or a URL) the findings' paths are
	// relative to, as the user named it; "" when they are relative to the source
	// repository's root (or name files as the user did). GitHub annotations then
	// carry the path in their message instead of file=, and SARIF names the layout as
	// the paths' base (originalUriBaseIds).
	Layout string
}

// WriteWith prints findings in a format.
func WriteWith(w io.Writer, format string, fs Findings, o Options) error {
	o.Layout = withoutUserInfo(o.Layout)
	switch format {
	case "text", "":
		for _, f := range fs {
			if _, err := fmt.Fprintln(w, TerminalLine(f.String())); err != nil {
				return err
			}
		}
		return nil
	case "json":
		if fs == nil {
			fs = Findings{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(fs)
	case "github":
		return writeGitHub(w, fs, o.Layout)
	case "sarif":
		return writeSARIF(w, fs, o)
	}
	return fmt.Errorf("unknown format %q: want one of %s", format, strings.Join(Formats, ", "))
}

// writeGitHub emits workflow commands: ::error file=F,line=L,title=RULE::message. A
// finding in a published layout names its place in the message (GitHub would look
// for F in the repository).
func writeGitHub(w io.Writer, fs Findings, layout string) error {
	for _, f := range fs {
		level := map[Severity]string{Error: "error", Warning: "warning", Note: "notice"}[f.Severity]
		msg := f.Message
		if f.Object != "" {
			msg = f.Object + ": " + msg
		}
		var props string
		switch {
		case layout != "":
			msg = fmt.Sprintf("%s (in %s): %s", location(f), layout, msg)
		case f.File != "":
			props = "file=" + ghEscapeProp(f.File)
			if f.Line > 0 {
				props += fmt.Sprintf(",line=%d", f.Line)
			}
			props += ","
		}
		props += "title=" + ghEscapeProp(f.Rule)
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", level, props, ghEscapeData(msg)); err != nil {
			return err
		}
	}
	return nil
}

// location is "file:line", or "file" without a line.
func location(f Finding) string {
	if f.Line > 0 {
		return fmt.Sprintf("%s:%d", f.File, f.Line)
	}
	return f.File
}

// ghEscapeData escapes a workflow command's message as GitHub does (%, CR, LF), and
// other control characters (terminal escapes) as Terminal does.
func ghEscapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(escapeControls(s, false))
}

// ghEscapeProp escapes a property (file, title): the message's escapes, and : and ,.
func ghEscapeProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(escapeControls(s, false))
}

// WriteFile writes findings in a format to the file at path (replacing it), for a
// report kept beside the command's own output, such as build's --sarif.
func WriteFile(path, format string, fs Findings, o Options) error {
	var b bytes.Buffer
	if err := WriteWith(&b, format, fs, o); err != nil {
		return err
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing the findings: %w", err)
	}
	return nil
}

// withoutUserInfo is layout without the user information of a URL (user:token@ or
// token@, parsable or not): annotations and SARIF files are uploaded for others to read.
func withoutUserInfo(layout string) string {
	scheme, rest, ok := strings.Cut(layout, "://")
	if !ok {
		return layout
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	if at := strings.LastIndex(rest[:end], "@"); at >= 0 {
		return scheme + "://" + rest[at+1:]
	}
	return layout
}
