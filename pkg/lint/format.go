package lint

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Formats lists the output formats Write accepts.
var Formats = []string{"text", "json", "github", "sarif"}

// Write prints findings in a format; rules feeds the SARIF rule table.
func Write(w io.Writer, format string, fs Findings, rules []Rule) error {
	switch format {
	case "text", "":
		for _, f := range fs {
			if _, err := fmt.Fprintln(w, f.String()); err != nil {
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
		return writeGitHub(w, fs)
	case "sarif":
		return writeSARIF(w, fs, rules)
	}
	return fmt.Errorf("unknown format %q: want one of %s", format, strings.Join(Formats, ", "))
}

// writeGitHub emits workflow commands: ::error file=F,line=L,title=RULE::message
func writeGitHub(w io.Writer, fs Findings) error {
	for _, f := range fs {
		level := map[Severity]string{Error: "error", Warning: "warning", Note: "notice"}[f.Severity]
		props := "file=" + ghEscapeProp(f.File)
		if f.Line > 0 {
			props += fmt.Sprintf(",line=%d", f.Line)
		}
		props += ",title=" + ghEscapeProp(f.Rule)
		msg := f.Message
		if f.Object != "" {
			msg = f.Object + ": " + msg
		}
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", level, props, ghEscapeData(msg)); err != nil {
			return err
		}
	}
	return nil
}

func ghEscapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghEscapeProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
