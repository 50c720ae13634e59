package verify

import (
	"fmt"
	"io"
	"strings"

	"github.com/capirepo/capirepo/pkg/lint"
)

// Report is what clusterctl sees of one provider in one repository.
type Report struct {
	Label          string          `json:"label"`
	ComponentsFile string          `json:"componentsFile"`
	Latest         []LatestResult  `json:"latest"`
	UsableBy       []string        `json:"usableBy"`           // clusterctl generations that can install `latest`
	Versions       []VersionReport `json:"versions"`           // highest first
	Findings       lint.Findings   `json:"findings,omitempty"` // repository-level
}

// VersionReport is one version: its files, its release series and its findings.
type VersionReport struct {
	Version  string        `json:"version"`
	Files    []string      `json:"files"`
	Series   []Series      `json:"releaseSeries,omitempty"`
	Findings lint.Findings `json:"findings,omitempty"`
}

// AllFindings returns the repository-level and per-version findings, sorted.
func (r *Report) AllFindings() lint.Findings {
	out := append(lint.Findings(nil), r.Findings...)
	for _, v := range r.Versions {
		out = append(out, v.Findings...)
	}
	out.Sort()
	return out
}

// WriteText prints the report for people: `latest` per clusterctl generation, then
// one block per version.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	if r.ComponentsFile == "" { // an entry of clusterctl.yaml only (WithConfig)
		fmt.Fprintf(&b, "%s (in clusterctl.yaml)\n", r.Label)
	} else {
		fmt.Fprintf(&b, "%s (components file %s)\n", r.Label, r.ComponentsFile)
	}
	for _, l := range r.Latest {
		got := l.Version
		if l.Error != "" {
			got = string(l.severity(len(r.UsableBy) > 0)) + ": " + l.Error // the word of its finding
		}
		fmt.Fprintf(&b, "  latest for %s (contract %s): %s\n", l.Name, l.Contract, got)
	}
	if len(r.UsableBy) > 0 {
		fmt.Fprintf(&b, "  usable by: %s\n", strings.Join(r.UsableBy, ", "))
	}
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "  %s\n", f)
	}
	for _, v := range r.Versions {
		files := strings.Join(v.Files, ", ")
		if files == "" {
			files = "(no files)"
		}
		fmt.Fprintf(&b, "  %s: %s\n", v.Version, files)
		for _, f := range v.Findings {
			fmt.Fprintf(&b, "    %s\n", f)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
