package releasescript

import (
	"regexp"
	"strconv"
	"strings"
)

// varDef is a variable's first assignment in the Makefile, *.mk or a script (both
// branches of a conditional are read: the first one wins) and its operator: a ?=
// default gives way to the environment, every assignment to the command line.
type varDef struct{ value, op, at string }

// rule is one Makefile target: its prerequisites and recipe lines, as written.
type rule struct {
	name    string
	prereqs string
	recipe  []srcLine
}

// srcLine is a line of a file read for hints, as written.
type srcLine struct{ at, text string }

// makefile is what init reads of the Makefile and *.mk: variables, rules, and every
// line outside a recipe (rule heads included) for the patterns read line by line.
type makefile struct {
	defs  map[string]varDef
	rules map[string]*rule // by name as written and as expanded with the defaults
	order []*rule
	top   []srcLine
	// github holds github.repository and github.repository_owner, from go.mod's
	// github.com/OWNER/REPO module (what a release workflow's ${{ github.repository }} is)
	github map[string]string
	script map[string]varDef // the scripts' own variables (make does not see them)
	vals   map[string]string // values(), once
}

var (
	assignLine = regexp.MustCompile(`^(?:(?:export|override)\s+)*([A-Za-z_][A-Za-z0-9_.-]*)\s*(\?=|:::=|::?=|\+=|!=|=)\s*(.*?)\s*$`)
	moduleLine = regexp.MustCompile(`(?m)^module\s+(\S+)`)
	headLine   = regexp.MustCompile(`^([^\t#:=][^:=]*?)\s*::?(?:$|([^=].*)$)`)
	directive  = regexp.MustCompile(`^\s*(?:ifeq|ifneq|ifdef|ifndef|else|endif|include|-include|sinclude|define|endef|undefine|vpath)\b`)
)

func newMakefile() *makefile {
	return &makefile{defs: map[string]varDef{}, rules: map[string]*rule{}, github: map[string]string{}, script: map[string]varDef{}}
}

// parse reads one Makefile (rel is its slash path from the root).
func (m *makefile) parse(rel, data string) {
	var cur *rule
	inDefine := false
	for _, l := range logicalLines(data) {
		at := rel + ":" + strconv.Itoa(l.n)
		trimmed := strings.TrimSpace(l.text)
		switch {
		case inDefine:
			inDefine = !strings.HasPrefix(trimmed, "endef")
		case strings.HasPrefix(l.text, "\t") && cur != nil:
			cur.recipe = append(cur.recipe, srcLine{at: at, text: trimmed})
		case strings.HasPrefix(trimmed, "define "):
			inDefine = true
		case trimmed == "" || directive.MatchString(l.text):
		case m.assign(at, l.text):
			cur = nil
			m.top = append(m.top, srcLine{at: at, text: trimmed})
		default:
			cur = m.head(at, l.text)
			m.top = append(m.top, srcLine{at: at, text: trimmed})
		}
	}
}

// assign records a variable assignment line; false when the line is none.
func (m *makefile) assign(at, text string) bool {
	a := assignLine.FindStringSubmatch(text)
	if a == nil || strings.HasPrefix(text, "\t") {
		return false
	}
	if _, set := m.defs[a[1]]; !set && a[2] != "+=" && a[2] != "!=" {
		m.defs[a[1]] = varDef{value: strings.Trim(cutComment(a[3]), `"'`), op: a[2], at: at}
	}
	return true
}

// head records a rule head (targets: prerequisites; recipe) and returns its rule.
func (m *makefile) head(at, text string) *rule {
	h := headLine.FindStringSubmatch(text)
	if h == nil || strings.Contains(h[1], "=") {
		return nil
	}
	prereqs, inline, _ := strings.Cut(h[2], ";")
	var first *rule
	for _, name := range strings.Fields(h[1]) {
		if strings.HasPrefix(name, ".") && strings.ToUpper(name) == name {
			continue // .PHONY, .DEFAULT_GOAL …
		}
		r := m.rules[name]
		if r == nil {
			r = &rule{name: name}
			m.rules[name] = r
			m.order = append(m.order, r)
		}
		r.prereqs = strings.TrimSpace(r.prereqs + " " + strings.ReplaceAll(cutComment(prereqs), "|", " "))
		if strings.TrimSpace(inline) != "" {
			r.recipe = append(r.recipe, srcLine{at: at, text: strings.TrimSpace(inline)})
		}
		if first == nil {
			first = r
		}
	}
	return first
}

// index adds every rule under its name expanded with the defaults
// ($(RELEASE_DIR)/infrastructure-components.yaml is also out/infrastructure-components.yaml).
func (m *makefile) index() {
	look := m.lookup(scope{})
	for _, r := range m.order {
		if n := CleanRel(ExpandWith(r.name, look)); n != r.name && m.rules[n] == nil {
			m.rules[n] = r
		}
	}
}

// find returns the rule a target names: by name, or the pattern rule matching it.
func (m *makefile) find(target string) *rule {
	if r := m.rules[target]; r != nil {
		return r
	}
	if r := m.rules[CleanRel(target)]; r != nil {
		return r
	}
	for _, r := range m.order {
		if pre, suf, ok := strings.Cut(r.name, "%"); ok && len(target) > len(pre)+len(suf) &&
			strings.HasPrefix(target, pre) && strings.HasSuffix(target, suf) {
			return r
		}
	}
	return nil
}

// repository reads the GitHub repository go.mod's module path names.
func (m *makefile) repository(gomod []byte) {
	mod := moduleLine.FindSubmatch(gomod)
	if mod == nil {
		return
	}
	parts := strings.Split(string(mod[1]), "/")
	if len(parts) >= 3 && parts[0] == "github.com" {
		m.github["github.repository"] = parts[1] + "/" + parts[2]
		m.github["github.repository_owner"] = parts[1]
	}
}
