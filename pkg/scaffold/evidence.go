package scaffold

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Question is what init asks the maintainer: it wrote its best value, but two pieces of
// evidence disagree or the value is a default rather than what the release path says.
// Its JSON is init's and init --check's report of it.
type Question struct {
	Line     int    `json:"line"`               // the line of its "# QUESTION:" comment in the config (set by Render)
	Provider string `json:"provider,omitempty"` // the provider's label ("" for the whole config)
	Field    string `json:"field"`              // the config key it is about: name, image, tag, templates, …
	Text     string `json:"text"`               // what init wrote and why it asks, naming the files and lines it read
	Evidence string `json:"evidence"`           // the strongest evidence of the value: released, declared, scripted or default
	unproven bool   // asked by decide because no release or undisputed declaration proves it
	released bool   // raised by the release (a file nothing reproduces): never answered by it
}

// About names what the question is about: the provider's label and the field.
func (q Question) About() string {
	return strings.TrimSpace(q.Provider + " " + q.Field)
}

// ask records a question about one of the provider's values.
func (p *Provider) ask(field, format string, args ...any) {
	q := Question{Field: field, Text: fmt.Sprintf(format, args...)}
	for _, o := range p.Questions {
		if o.Field == q.Field && o.Text == q.Text {
			return
		}
	}
	p.Questions = append(p.Questions, q)
}

// questionsOn returns the provider's questions about field.
func (p *Provider) questionsOn(field string) []Question {
	var out []Question
	for _, q := range p.Questions {
		if q.Field == field {
			out = append(out, q)
		}
	}
	return out
}

// lineOf returns "rel:N", N the first line of the file at rel matching re ("rel" when
// none does or the file cannot be read).
func (s *treeSurvey) lineOf(rel string, re *regexp.Regexp) string {
	data, err := s.r.read(s.abs(rel))
	if err != nil {
		return rel
	}
	for i, l := range strings.Split(string(data), "\n") {
		if re.MatchString(l) {
			return rel + ":" + strconv.Itoa(i+1)
		}
	}
	return rel
}

// lineWith is lineOf for a literal substring.
func (s *treeSurvey) lineWith(rel, sub string) string {
	return s.lineOf(rel, regexp.MustCompile(regexp.QuoteMeta(sub)))
}
