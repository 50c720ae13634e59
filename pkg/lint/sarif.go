package lint

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool            `json:"tool"`
	BaseIDs map[string]sarifBase `json:"originalUriBaseIds,omitempty"`
	Results []sarifResult        `json:"results"`
}

// sarifBase is what a uriBaseId stands for.
type sarifBase struct {
	URI         string       `json:"uri,omitempty"`
	Description sarifMessage `json:"description"`
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
			URI       string `json:"uri"`
			URIBaseID string `json:"uriBaseId,omitempty"`
		} `json:"artifactLocation"`
		Region *sarifRegion `json:"region,omitempty"`
	} `json:"physicalLocation"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

// The uriBaseIds of relative paths: the source repository (code scanning's own
// name) or a published repository layout.
const (
	baseSource = "%SRCROOT%"
	baseLayout = "LAYOUT"
)

// writeSARIF emits a SARIF 2.1.0 log for GitHub code scanning. Relative paths are
// relative to the source repository (%SRCROOT%), or to o.Layout (LAYOUT, described in
// originalUriBaseIds).
func writeSARIF(w io.Writer, fs Findings, o Options) error {
	driver := sarifDriver{Name: "capirepo", InformationURI: "https://github.com/capirepo/capirepo", Rules: []sarifRule{}}
	for _, r := range o.Rules {
		sr := sarifRule{ID: r.ID, ShortDescription: sarifMessage{r.Contract}}
		sr.DefaultConfig.Level = sarifLevel(r.Severity)
		driver.Rules = append(driver.Rules, sr)
	}
	run := sarifRun{Tool: sarifTool{driver}, Results: []sarifResult{}}
	base := baseSource
	if o.Layout != "" {
		base = baseLayout
		run.BaseIDs = map[string]sarifBase{baseLayout: {URI: layoutURI(o.Layout),
			Description: sarifMessage{"the published repository layout the paths are relative to: " + o.Layout}}}
	}
	for _, f := range fs {
		res := sarifResult{RuleID: f.Rule, Level: sarifLevel(f.Severity), Message: sarifMessage{f.Message}}
		if f.Object != "" {
			res.Message.Text = f.Object + ": " + f.Message
		}
		var loc sarifLocation
		loc.Physical.Artifact.URI = f.File
		if !filepath.IsAbs(f.File) && !strings.Contains(f.File, "://") {
			loc.Physical.Artifact.URIBaseID = base
		}
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

// layoutURI is the layout as an absolute URI ending in "/" (a folder becomes a file:
// URI), or "" when it cannot be one.
func layoutURI(layout string) string {
	if !strings.Contains(layout, "://") {
		abs, err := filepath.Abs(layout)
		if err != nil {
			return ""
		}
		layout = (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
	}
	return strings.TrimRight(layout, "/") + "/"
}
