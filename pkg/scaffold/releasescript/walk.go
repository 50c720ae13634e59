package releasescript

import (
	"strings"
)

// maxVisits bounds the (target, scope) pairs one inspection evaluates.
const maxVisits = 4000

// walker evaluates Makefile targets under the scopes they are run with, following
// prerequisites and sub-make calls, and collects their recipe lines expanded: a target
// run twice with different variables (PROVIDER=bootstrap, PROVIDER=controlplane) gives
// its lines twice, each with its own values.
type walker struct {
	m     *makefile
	seen  map[string]bool
	lines map[string]*Line // by file:line and text
	out   []*Line
	seq   int
}

func newWalker(m *makefile) *walker {
	return &walker{m: m, seen: map[string]bool{}, lines: map[string]*Line{}}
}

// visit is one run of a target: its scope, whether the release runs it, and the
// pipeline line or target it was run from.
type visit struct {
	sc      scope
	release bool
	root    string
	depth   int
}

// run evaluates target in v's scope.
func (w *walker) run(target string, v visit) {
	r := w.m.find(target)
	key := target + "\x02" + v.sc.key()
	if r == nil || w.seen[key] || len(w.seen) >= maxVisits || v.depth > 24 {
		return
	}
	w.seen[key] = true
	look := w.m.lookup(v.sc)
	stem := patternStem(r.name, target)
	next := v
	next.depth++
	for _, p := range strings.Fields(ExpandWith(r.prereqs, look)) {
		w.run(automatic(p, target, stem), next)
	}
	for _, l := range r.recipe {
		text := unpipe(strings.TrimSpace(ExpandWith(automatic(l.text, target, stem), look)))
		w.emit(Line{At: l.at, Target: target, Text: text, Release: v.release, Root: v.root})
		w.calls(text, next)
	}
}

// calls runs the make invocations of a line in v's scope, with their variables.
func (w *walker) calls(text string, v visit) {
	for _, c := range makeCalls(text) {
		child := v
		child.sc = v.sc.with(c.bind, c.env)
		for _, t := range c.targets {
			w.run(t, child)
		}
	}
}

// emit adds a line once per text, numbered in the order the release runs it (a line
// run again takes its later number); a line seen off and on the release path is on it.
func (w *walker) emit(l Line) {
	w.seq++
	l.Seq = w.seq
	k := l.At + "\x00" + l.Text
	if prev := w.lines[k]; prev != nil {
		if l.Release || !prev.Release {
			prev.Seq, prev.Root = l.Seq, l.Root
		}
		prev.Release = prev.Release || l.Release
		return
	}
	w.lines[k] = &l
	w.out = append(w.out, &l)
}

// patternStem is what % matched of a pattern rule's name ("" for other rules).
func patternStem(name, target string) string {
	pre, suf, ok := strings.Cut(name, "%")
	if !ok || len(target) < len(pre)+len(suf) {
		return ""
	}
	return target[len(pre) : len(target)-len(suf)]
}

// automatic replaces make's $@ (the target) and $* (the stem).
func automatic(text, target, stem string) string {
	if stem == "%" {
		return text // a pattern rule evaluated for itself
	}
	return strings.NewReplacer("$@", target, "$(@)", target, "$*", stem, "$(*)", stem).Replace(text)
}

// releaseTarget reports the Makefile targets a release runs when no pipeline says:
// named like release, not like a development target.
func releaseTarget(name string) bool {
	return strings.Contains(name, "release") && !devName(name) && !strings.ContainsAny(name, "%$")
}
