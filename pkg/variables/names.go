package variables

import (
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// perName runs the checks that compare the top-level occurrences of a name.
func (c *checked) perName() lint.Findings {
	var fs lint.Findings
	first := map[string]Use{}
	lines := topLines(c.res.uses)
	for _, f := range c.res.uses {
		u := f.use
		if u.Nested {
			continue
		}
		head, seen := first[u.Name]
		if !seen {
			first[u.Name] = u
			fs = append(fs, c.firstUse(u, lines[u.Name])...)
			continue
		}
		fs = append(fs, c.laterUse(head, u)...)
	}
	return fs
}

// firstUse checks what is reported once per name, at its first occurrence, which
// is also the one that decides clusterctl's listing (required or default).
func (c *checked) firstUse(u Use, lines []int) lint.Findings {
	var fs lint.Findings
	if c.kind == layout.KindClusterClass {
		fs = append(fs, c.finding(RuleClusterClass, lint.Warning, u.Line,
			"%s%s: ClusterClass files SHOULD NOT use variables (contract) and clusterctl generate cluster --list-variables does not show them; use ClusterClass variables and patches instead", u.Text, alsoOn(lines)))
	}
	if !conventionalName(u.Name) {
		fs = append(fs, c.finding(RuleName, lint.Warning, u.Line,
			"%s: name variables in upper case [A-Z0-9_]+ (clusterctl looks them up upper-cased anyway), e.g. ${%s}", u.Text, upperName(u.Name)))
	}
	if msg := operator(u); msg != "" && (u.Op == ":+" || !c.preset(u.Name)) {
		fs = append(fs, c.finding(RuleOperator, lint.Warning, u.Line, "%s", msg))
	}
	return fs
}

// laterUse checks an occurrence after the first: a string function there changes
// nothing clusterctl lists, so only :+ (its meaning is the shell's inverted) and
// differing defaults are reported, the latter not for names clusterctl always sets.
func (c *checked) laterUse(head, u Use) lint.Findings {
	var fs lint.Findings
	if u.Op == ":+" {
		fs = append(fs, c.finding(RuleOperator, lint.Warning, u.Line, "%s", operator(u)))
	}
	if c.preset(u.Name) || !isDefaultOp(head.Op) || !isDefaultOp(u.Op) {
		return fs
	}
	if head.Default != u.Default && sameRendered(c.src, head, u) {
		return fs // the defaults differ only in quoting: clusterctl renders the same value
	}
	if msg := inconsistent(head, u); msg != "" {
		fs = append(fs, c.finding(RuleInconsistent, lint.Warning, u.Line, "%s", msg))
	}
	return fs
}

// topLines maps each name to the sorted lines of its top-level occurrences.
func topLines(fs []found) map[string][]int {
	out := map[string][]int{}
	for _, f := range fs {
		if !f.use.Nested {
			out[f.use.Name] = append(out[f.use.Name], f.use.Line)
		}
	}
	for n, ls := range out {
		out[n] = dedupe(ls) // file order: already sorted
	}
	return out
}

// alsoOn is " (also on lines 12, 40)" for the lines after the first, or "".
func alsoOn(lines []int) string {
	if len(lines) < 2 {
		return ""
	}
	return " (also on " + linesText(lines[1:]) + ")"
}

func inconsistent(head, u Use) string {
	at := " (line " + strconv.Itoa(head.Line) + ")"
	switch {
	case !head.HasDefault && u.HasDefault:
		return "the first occurrence of " + u.Name + at + " has no default, so clusterctl makes it required and ignores the default " +
			quote(u.Default) + " here; put the default on the first occurrence or on all of them"
	case head.HasDefault && !u.HasDefault:
		return u.Name + " has the default " + quote(head.Default) + at + " but not here: clusterctl lists it as optional and, when it is unset, renders this occurrence empty; repeat the default here"
	case head.Default != u.Default:
		return u.Name + " defaults to " + quote(head.Default) + at + ", which clusterctl lists, but to " + quote(u.Default) + " here; use one default"
	}
	return ""
}

func conventionalName(n string) bool {
	for i := 0; i < len(n); i++ {
		if !isUpperNameByte(n[i]) {
			return false
		}
	}
	return n != ""
}

func upperName(n string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || ('0' <= r && r <= '9') || ('A' <= r && r <= 'Z') {
			return r
		}
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return '_'
	}, n)
}

// quote writes a default readably: Go-quoted, so newlines and spaces show.
func quote(s string) string { return strconv.Quote(s) }
