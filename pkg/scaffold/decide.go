package scaffold

import (
	"fmt"
	"slices"
	"strings"
)

// Strength is how strongly a value's evidence proves it.
type Strength int

// The kinds of evidence, weakest first.
const (
	Default  Strength = iota // nothing init read gives the value: its own choice
	Scripted                 // what the Makefile/CI evaluator reads: a guess at what the release runs
	Declared                 // the provider says it: its label, CRD groups, metadata.yaml, its docs' clusterctl config
	Released                 // the provider's last release ships it
)

var strengthNames = []string{"default", "scripted", "declared", "released"}

func (s Strength) String() string { return strengthNames[s] }

// Cite is the evidence of one value: its kind and the files and lines it comes from.
type Cite struct {
	Strength Strength
	Text     string
}

// cite records the evidence of one of the provider's values (the last one wins).
func (p *Provider) cite(field string, st Strength, format string, args ...any) {
	if p.Evidence == nil {
		p.Evidence = map[string]Cite{}
	}
	p.Evidence[field] = Cite{st, fmt.Sprintf(format, args...)}
}

// written lists the config keys the writer writes a value for, with the value.
func (p *Provider) written() [][2]string {
	comps := p.Components
	if len(p.Overlays) > 0 {
		comps += " (folders loading it and adding to it: " + strings.Join(p.Overlays, ", ") + ")"
	}
	out := [][2]string{{"name", p.Name}, {"type", string(p.Type)}, {"components", comps}}
	add := func(ok bool, key, value string) {
		if ok {
			out = append(out, [2]string{key, value})
		}
	}
	add(p.File != "", "componentsFile", p.File)
	add(p.PullPolicy != "", "pullPolicy", p.PullPolicy)
	add(p.Image != "", "imageName", p.Image)
	add(p.Image != "", "image", p.releaseName())
	add(p.Image != "", "tag", p.Tag)
	add(p.Metadata != "", "metadata", p.Metadata)
	add(len(p.Templates) > 0 || len(p.Commented) > 0, "templates", p.templateNames())
	add(len(p.Extra) > 0, "extraComponents", p.extraNames())
	return out
}

// decide is the one place that says whether a value is asked: a value is silent only
// when the release proves it, or declared evidence gives it and nothing contradicts it
// (no question about it was raised). Every other value is asked, the question naming
// its evidence. A released value's contradictions are answered by the release.
// decide can run again after new evidence (Prove): its own questions are recomputed.
func (p *Provider) decide() {
	p.Questions = slices.DeleteFunc(p.Questions, func(q Question) bool { return q.unproven })
	for _, kv := range p.written() {
		field, c := kv[0], p.Evidence[kv[0]]
		switch {
		case c.Strength == Released:
			p.Questions = slices.DeleteFunc(p.Questions, func(q Question) bool { return q.Field == field && !q.released })
		case len(p.questionsOn(field)) > 0:
			p.setEvidence(field, c.Strength) // a contradiction: asked, with its evidence
		case c.Strength == Declared:
		default:
			p.Questions = append(p.Questions, unproven(field, kv[1], c))
		}
	}
	for _, q := range p.Questions {
		p.setEvidence(q.Field, p.Evidence[q.Field].Strength)
	}
}

// setEvidence names the strength of the evidence behind field's questions.
func (p *Provider) setEvidence(field string, st Strength) {
	for i := range p.Questions {
		if p.Questions[i].Field == field && p.Questions[i].Evidence == "" {
			p.Questions[i].Evidence = st.String()
		}
	}
}

// unproven is the question about a value only a script reading or a default gives.
func unproven(field, value string, c Cite) Question {
	why := "no file init read gives it: it is init's default"
	if c.Text != "" {
		why = fmt.Sprintf("%s evidence only (%s)", c.Strength, c.Text)
	}
	if c.Strength == Declared {
		why = fmt.Sprintf("declared evidence (%s), but no release was read to prove it", c.Text)
	}
	return Question{Field: field, Evidence: c.Strength.String(), unproven: true,
		Text: fmt.Sprintf("%s %s: %s; no release proves it: check it (init --check-against DIR|URL compares it with a release)", field, value, why)}
}

func (p *Provider) templateNames() string {
	if len(p.Templates) == 0 {
		return fmt.Sprintf("none of the %d template sources found (%s)", len(p.Commented), entryNames(p.Commented))
	}
	out := entryNames(p.Templates)
	if len(p.Commented) > 0 {
		out += " (left out: " + entryNames(p.Commented) + ")"
	}
	return out
}

// entryNames names template entries by the file each writes, else their source.
func entryNames(es []Entry) string {
	var out []string
	for _, e := range es {
		if n := outputName(e); n != "" {
			out = append(out, n)
		} else {
			out = append(out, e.Kustomize+e.Path+e.ClusterClass)
		}
	}
	return strings.Join(out, ", ")
}

func (p *Provider) extraNames() string {
	var out []string
	for _, e := range p.Extra {
		out = append(out, e.Name)
	}
	return strings.Join(out, ", ")
}
