package lint

import (
	"encoding/json"
	"io"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	DefaultConfig    struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	Physical struct {
		Artifact struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region *sarifRegion `json:"region,omitempty"`
	} `json:"physicalLocation"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

// writeSARIF emits a SARIF 2.1.0 log for GitHub code scanning.
func writeSARIF(w io.Writer, fs Findings, rules []Rule) error {
	driver := sarifDriver{Name: "capirepo", InformationURI: "https://github.com/capirepo/capirepo", Rules: []sarifRule{}}
	for _, r := range rules {
		sr := sarifRule{ID: r.ID, ShortDescription: sarifMessage{r.Contract}}
		sr.DefaultConfig.Level = sarifLevel(r.Severity)
		driver.Rules = append(driver.Rules, sr)
	}
	run := sarifRun{Tool: sarifTool{driver}, Results: []sarifResult{}}
	for _, f := range fs {
		res := sarifResult{RuleID: f.Rule, Level: sarifLevel(f.Severity), Message: sarifMessage{f.Message}}
		if f.Object != "" {
			res.Message.Text = f.Object + ": " + f.Message
		}
		var loc sarifLocation
		loc.Physical.Artifact.URI = f.File
		if f.Line > 0 {
			loc.Physical.Region = &sarifRegion{StartLine: f.Line}
		}
		res.Locations = []sarifLocation{loc}
		run.Results = append(run.Results, res)
	}
	log := sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func sarifLevel(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "note"
}
