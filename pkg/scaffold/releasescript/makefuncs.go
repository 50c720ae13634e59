package releasescript

import "strings"

// makeFuncs are the Make functions init evaluates: the ones a Makefile picks a
// default with (nutanix: $(if $(strip $(API_KEY)),api_key,basic_auth) through
// $(subst _,-,…)). Others ($(shell …), $(wildcard …)) stay as written.
var makeFuncs = []string{"if", "strip", "subst"}

// evalFuncs evaluates the calls of makeFuncs in s, as make does: their arguments
// expanded with look, an undefined variable empty. A call whose arguments still hold
// a reference after that (a $(shell …) in them) stays as written.
func evalFuncs(s string, look func(string) (string, bool), depth int) string {
	if depth > 8 || !strings.Contains(s, "$(") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		name, end := funcAt(s, i)
		if name == "" {
			b.WriteByte(s[i])
			i++
			continue
		}
		body := s[i+len("$(")+len(name)+1 : end]
		if v, ok := apply(name, body, look, depth); ok {
			b.WriteString(v)
		} else {
			b.WriteString(s[i : end+1])
		}
		i = end + 1
	}
	return b.String()
}

// funcAt returns the Make function called at s[i:] and the index of its closing
// parenthesis ("" when none is called there, or it is not closed).
func funcAt(s string, i int) (string, int) {
	for _, f := range makeFuncs {
		if !strings.HasPrefix(s[i:], "$("+f+" ") {
			continue
		}
		depth := 0
		for j := i + 1; j < len(s); j++ {
			switch s[j] {
			case '(':
				depth++
			case ')':
				if depth--; depth == 0 {
					return f, j
				}
			}
		}
	}
	return "", 0
}

// apply evaluates one call; false when an argument stays unresolved.
func apply(name, body string, look func(string) (string, bool), depth int) (string, bool) {
	empty := func(k string) (string, bool) {
		if v, ok := look(k); ok {
			return v, true
		}
		return "", true
	}
	arg := func(a string) (string, bool) {
		v := evalFuncs(expandWith(a, empty, depth+1), empty, depth+1)
		return v, !strings.Contains(v, "$(") && !strings.Contains(v, "${")
	}
	args := splitArgs(body)
	switch {
	case name == "strip":
		v, ok := arg(body)
		return strings.Join(strings.Fields(v), " "), ok
	case name == "subst" && len(args) == 3:
		from, ok1 := arg(args[0])
		to, ok2 := arg(args[1])
		text, ok3 := arg(args[2])
		return strings.ReplaceAll(text, from, to), ok1 && ok2 && ok3
	case name == "if" && len(args) >= 2:
		cond, ok := arg(args[0])
		if !ok {
			return "", false
		}
		if strings.TrimSpace(cond) != "" {
			return arg(args[1])
		}
		if len(args) == 3 {
			return arg(args[2])
		}
		return "", true
	}
	return "", false
}

// splitArgs splits a call's arguments at the commas outside parentheses.
func splitArgs(body string) []string {
	var out []string
	depth, last := 0, 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, body[last:i])
				last = i + 1
			}
		}
	}
	return append(out, body[last:])
}
