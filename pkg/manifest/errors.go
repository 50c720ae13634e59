package manifest

import (
	"regexp"
	"strconv"
	"strings"
)

var (
	lineRE     = regexp.MustCompile(`line (\d+)`)
	leadLineRE = regexp.MustCompile(`^(unmarshal errors:\n\s*)?line \d+: `)
)

// errLine extracts the line number yaml.v3 puts in its messages.
func errLine(err error) int {
	m := lineRE.FindStringSubmatch(err.Error())
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// cleanErr strips the library prefix; the caller adds file and line.
func cleanErr(err error) string {
	s := strings.TrimPrefix(err.Error(), "yaml: ")
	if loc := leadLineRE.FindStringIndex(s); loc != nil {
		s = s[loc[1]:]
	}
	return s
}

var docNumRE = regexp.MustCompile(`^document \d+:`)

// replaceDocNumber fixes "document 1:" from a chunk parse to the file's numbering.
func replaceDocNumber(msg string, index int) string {
	return docNumRE.ReplaceAllString(msg, "document "+strconv.Itoa(index+1)+":")
}
