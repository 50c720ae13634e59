package cli

import (
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/scaffold"
)

// initReport is init's -o json: the config file and what happened to it (written;
// planned on a dry run; printed with --stdout, which leaves config empty), its
// content, and init's questions with their config lines.
type initReport struct {
	Config    string         `json:"config,omitempty"`
	Action    string         `json:"action"`
	Providers int            `json:"providers"`
	Questions []initQuestion `json:"questions"`
	Content   string         `json:"content"`
}

type initQuestion struct {
	Line     int    `json:"line"`
	Provider string `json:"provider,omitempty"`
	Field    string `json:"field"`
	Text     string `json:"text"`
}

func newInitReport(target string, data []byte, providers int, qs []scaffold.Question) *initReport {
	rep := &initReport{Config: target, Action: release.Written, Providers: providers, Questions: []initQuestion{}, Content: string(data)}
	for _, q := range qs {
		rep.Questions = append(rep.Questions, initQuestion{Line: q.Line, Provider: q.Provider, Field: q.Field, Text: q.Text})
	}
	return rep
}

// report prints the JSON report (-o json) and init's questions on stderr, and
// returns the exit code that says questions remain.
func (o *initOptions) report(io streams, rep *initReport, where string, questions []scaffold.Question) error {
	if o.check.format == "json" {
		if err := writeJSON(io, rep); err != nil {
			return err
		}
	}
	return ask(io, where, questions)
}
