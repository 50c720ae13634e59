package cli

import (
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/scaffold"
)

// initReport is init's -o json: the config file and what happened to it (written;
// planned on a dry run; printed with --stdout, which leaves config empty), its
// content, and init's questions with their config lines.
type initReport struct {
	Config    string              `json:"config,omitempty"`
	Action    string              `json:"action"`
	Providers int                 `json:"providers"`
	Questions []scaffold.Question `json:"questions"`
	Content   string              `json:"content"`
}

func newInitReport(target string, data []byte, providers int, qs []scaffold.Question) *initReport {
	return &initReport{Config: target, Action: publish.Written, Providers: providers, Questions: append([]scaffold.Question{}, qs...), Content: string(data)}
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
