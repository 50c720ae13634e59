package releasescript

import (
	"regexp"
	"strings"
)

// rawLine is one logical line of a file: backslash-continued lines joined, with the
// number of its first line.
type rawLine struct {
	n    int
	text string
}

// logicalLines splits data into lines, joins the ones continued with a trailing
// backslash (the joined line keeps its first line's number) and drops comment lines
// (a # first: Make, shell and YAML comments, a recipe's "\t# …" included), so a
// commented-out command is never read as one.
func logicalLines(data string) []rawLine {
	var out []rawLine
	var cur *rawLine
	for i, l := range strings.Split(strings.ReplaceAll(data, "\r\n", "\n"), "\n") {
		if cur == nil && isComment(l) {
			continue
		}
		cont := strings.HasSuffix(l, "\\") && !strings.HasSuffix(l, "\\\\")
		text := strings.TrimSuffix(l, "\\")
		if cur != nil {
			cur.text += " " + strings.TrimSpace(text)
		} else {
			out = append(out, rawLine{n: i + 1, text: text})
			cur = &out[len(out)-1]
		}
		if !cont {
			cur = nil
		}
	}
	return out
}

func isComment(l string) bool {
	t := strings.TrimLeft(strings.TrimSpace(l), "@-+")
	return strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "#!")
}

// pipedRender rewrites a render written through a pipe into the redirection init
// reads: "kustomize build DIR | install -D /dev/fd/0 OUT" and "… | tee OUT" become
// "kustomize build DIR > OUT".
var pipedRender = regexp.MustCompile(`\|\s*(?:install\s+(?:-\S+\s+(?:\d+\s+)?)*/dev/(?:fd/0|stdin)|tee(?:\s+-\S+)*)\s+("?[^\s|;&>]+"?)`)

func unpipe(text string) string {
	if !strings.Contains(text, "build") {
		return text
	}
	return pipedRender.ReplaceAllString(text, "> $1")
}

// cutComment drops a trailing " # comment" from a Make assignment's value.
func cutComment(v string) string {
	if i := strings.Index(v, " #"); i >= 0 {
		return strings.TrimSpace(v[:i])
	}
	return v
}
