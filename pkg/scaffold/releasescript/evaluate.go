package releasescript

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// evaluate returns every line read, expanded. The release pass comes first: the lines
// of release pipelines in order, with the Makefile targets their make calls run under
// the variables they pass (or, when no release pipeline runs a release target, the
// Makefile's release targets with the defaults), marked release. Then every other
// pipeline line and target with the defaults. The Makefile's lines outside recipes
// are read with the defaults; a script a release line runs is on the release path.
func (h *Hints) evaluate(m *makefile, pipes []*Pipeline, order map[string]int) []Line {
	w := newWalker(m)
	called := m.calledByRelease()
	for _, release := range []bool{true, false} {
		for _, p := range pipes {
			for _, l := range p.Lines {
				if p.releaseLine(l) == release {
					h.runLine(w, p, l, release)
				}
			}
		}
		piped := release && h.pipelineReleases() // the release pipelines run a release target
		for _, r := range m.order {
			if !release || releaseTarget(r.name) && !called[r.name] && !piped {
				w.run(r.name, visit{release: release, root: r.name})
			}
		}
	}
	out := topLines(m)
	for _, l := range w.out {
		out = append(out, *l)
	}
	calledScripts(pipes, out)
	slices.SortStableFunc(out, func(a, b Line) int {
		fa, na := splitAt(a.At)
		fb, nb := splitAt(b.At)
		return cmp.Or(cmp.Compare(order[fa], order[fb]), cmp.Compare(na, nb))
	})
	return out
}

// runLine emits one pipeline line and runs its make calls; a release line's calls are
// the release scopes.
func (h *Hints) runLine(w *walker, p *Pipeline, l PipelineLine, release bool) {
	text := unpipe(strings.TrimSpace(ExpandWith(l.text, p.lookup(w.m))))
	w.emit(Line{At: l.at, Target: l.job, Text: text, Release: release, Kind: p.Kind, Root: l.at})
	for _, c := range makeCalls(text) {
		sc := scope{from: l.at}.with(c.bind, p.Env)
		maps.Copy(sc.env, c.env)
		if release {
			h.scopes = append(h.scopes, sc)
			h.releaseCalls = append(h.releaseCalls, c.targets...)
		}
		for _, t := range c.targets {
			w.run(t, visit{sc: sc, release: release, root: l.at})
		}
	}
}

// pipelineReleases reports a release pipeline running a Makefile release target: then
// the pipeline says how the release runs, and other release targets are not on its path.
func (h *Hints) pipelineReleases() bool {
	return slices.ContainsFunc(h.releaseCalls, releaseTarget)
}

// topLines are the Makefile's lines outside recipes, with the defaults.
func topLines(m *makefile) []Line {
	look := m.lookup(scope{})
	var out []Line
	target := "Makefile"
	for _, l := range m.top {
		if h := headLine.FindStringSubmatch(l.text); h != nil && !assignLine.MatchString(l.text) {
			target = strings.Fields(h[1])[0]
		}
		out = append(out, Line{At: l.at, Target: target, Text: strings.TrimSpace(ExpandWith(l.text, look))})
	}
	return out
}

// calledScripts marks the lines of scripts a release line runs as on the release path.
func calledScripts(pipes []*Pipeline, lines []Line) {
	for _, p := range pipes {
		if p.Kind != "script" || !slices.ContainsFunc(lines, func(l Line) bool { return l.Release && strings.Contains(l.Text, p.Rel) }) {
			continue
		}
		for i := range lines {
			if strings.HasPrefix(lines[i].At, p.Rel+":") {
				lines[i].Release = true
			}
		}
	}
}

func splitAt(at string) (string, int) {
	i := strings.LastIndex(at, ":")
	n, _ := strconv.Atoi(at[i+1:])
	return at[:i], n
}

// scriptVars records the top-level assignments of scripts (NAME=value), after the
// Makefile's: the first value wins.
func (m *makefile) scriptVars(pipes []*Pipeline) {
	for _, p := range pipes {
		if p.Kind != "script" {
			continue
		}
		for _, l := range p.Lines {
			if a := assignLine.FindStringSubmatch(l.text); a != nil && !strings.HasPrefix(l.text, " ") && !strings.HasPrefix(l.text, "\t") {
				if _, set := m.script[a[1]]; !set && a[2] == "=" {
					m.script[a[1]] = varDef{value: strings.Trim(a[3], `"'`), op: "=", at: l.at}
				}
			}
		}
	}
}

// values are the variables' values as written (the defaults), the Makefile's first;
// computed once, after every file is read.
func (m *makefile) values() map[string]string {
	if m.vals != nil {
		return m.vals
	}
	out := map[string]string{}
	m.vals = out
	for k, d := range m.script {
		out[k] = d.value
	}
	for k, d := range m.defs {
		out[k] = d.value
	}
	return out
}

// lookup resolves a pipeline line's variables: a CI file's lines see its env (and the
// repository go.mod names), not the Makefile's variables, which only make reads;
// scripts and Dockerfiles see both (their variables and build args come from the Makefile).
func (p *Pipeline) lookup(m *makefile) func(string) (string, bool) {
	if p.Kind == "script" {
		vars := m.values()
		return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
	}
	if p.Kind == "dockerfile" {
		return m.lookup(scope{env: p.Env})
	}
	return func(k string) (string, bool) {
		if v, ok := m.github[k]; ok {
			return v, true
		}
		v, ok := p.Env[k]
		return v, ok
	}
}

// calledByRelease lists the targets another release target runs (a prerequisite or a
// $(MAKE) call): they run in that target's order, so they are no release roots.
func (m *makefile) calledByRelease() map[string]bool {
	out := map[string]bool{}
	look := m.lookup(scope{})
	for _, r := range m.order {
		if !releaseTarget(r.name) {
			continue
		}
		for _, p := range strings.Fields(ExpandWith(r.prereqs, look)) {
			out[p] = true
		}
		for _, l := range r.recipe {
			for _, c := range makeCalls(ExpandWith(l.text, look)) {
				for _, t := range c.targets {
					out[t] = true
				}
			}
		}
	}
	return out
}
