package manifest

import (
	"regexp"
	"strconv"
	"strings"
)

var lineRE = regexp.MustCompile(`line (\d+)`)

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
	return lineRE.ReplaceAllString(s, "")
}
