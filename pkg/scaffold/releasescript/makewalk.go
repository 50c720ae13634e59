package releasescript

import (
	"maps"
	"regexp"
	"slices"
	"strings"
)

// scope is how make is run: command-line variables (make VAR=x, $(MAKE) t VAR=x,
// passed on to sub-makes) override every assignment; the environment (a pipeline's
// env:, VAR=x $(MAKE) t) overrides ?= defaults and unset variables.
type scope struct {
	bind, env map[string]string
	from      string // the pipeline line running make in this scope ("" for the defaults)
}

// key identifies a scope, for visiting each (target, scope) once.
func (sc scope) key() string {
	var b strings.Builder
	for _, m := range []map[string]string{sc.bind, sc.env} {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			b.WriteString(k + "=" + m[k] + "\x00")
		}
		b.WriteString("\x01")
	}
	return b.String()
}

func (sc scope) with(bind, env map[string]string) scope {
	out := scope{bind: maps.Clone(sc.bind), env: maps.Clone(sc.env), from: sc.from}
	if out.bind == nil {
		out.bind = map[string]string{}
	}
	if out.env == nil {
		out.env = map[string]string{}
	}
	maps.Copy(out.bind, bind)
	maps.Copy(out.env, env)
	return out
}

// lookup resolves a variable in a scope the way make does.
func (m *makefile) lookup(sc scope) func(string) (string, bool) {
	return func(name string) (string, bool) {
		if v, ok := m.github[name]; ok {
			return v, true
		}
		if v, ok := sc.bind[name]; ok {
			return v, true
		}
		d, defined := m.defs[name]
		if v, ok := sc.env[name]; ok && (!defined || d.op == "?=") {
			return v, true
		}
		return d.value, defined
	}
}

// call is one make invocation: the targets it runs and its variables.
type call struct {
	targets   []string
	bind, env map[string]string
}

var segmentSep = regexp.MustCompile(`&&|\|\||;|\|`)

// makeCalls finds the make invocations of an expanded line
// ([VAR=x …] make|$(MAKE) [-flags] [VAR=x …] target …); a make -C into another
// folder is not followed.
func makeCalls(text string) []call {
	var out []call
	for _, seg := range segmentSep.Split(text, -1) {
		f := ShellFields(seg)
		i := slices.IndexFunc(f, isMakeWord)
		if i < 0 {
			continue
		}
		c := call{bind: map[string]string{}, env: map[string]string{}}
		for _, w := range f[:i] {
			if k, v, ok := varArg(w); ok {
				c.env[k] = v
			}
		}
		if c.parseArgs(f[i+1:]) {
			out = append(out, c)
		}
	}
	return out
}

func isMakeWord(w string) bool {
	return w == "make" || w == "$(MAKE)" || w == "${MAKE}" || w == "gmake"
}

// parseArgs reads make's arguments; false for a make -C into another folder.
func (c *call) parseArgs(args []string) bool {
	for i := 0; i < len(args); i++ {
		a := strings.Trim(args[i], `"'`)
		switch {
		case a == "-C" || a == "--directory":
			if i+1 < len(args) && CleanRel(strings.Trim(args[i+1], `"'`)) != "." {
				return false
			}
			i++
		case a == "-f" || a == "-j" || a == "-l" || a == "-o" || a == "-W":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			if k, v, ok := varArg(a); ok {
				c.bind[k] = v
			} else if a != "" && !strings.ContainsAny(a, "$`()<>") {
				c.targets = append(c.targets, a)
			}
		}
	}
	return true
}

var varArgRe = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)=(.*)$`)

// varArg splits VAR=value (quotes trimmed).
func varArg(w string) (string, string, bool) {
	m := varArgRe.FindStringSubmatch(w)
	if m == nil {
		return "", "", false
	}
	return m[1], strings.Trim(m[2], `"'`), true
}

// ShellFields splits s on blanks outside quotes and $(…)/${…} (which are kept whole:
// $(shell go env GOARCH) is one word).
func ShellFields(s string) []string {
	var out []string
	var cur strings.Builder
	var quote rune
	depth := 0
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case (r == '(' || r == '{') && i > 0 && s[i-1] == '$':
			depth++
		case (r == ')' || r == '}') && depth > 0:
			depth--
		case (r == ' ' || r == '\t') && depth == 0:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
			continue
		}
		cur.WriteRune(r)
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}
