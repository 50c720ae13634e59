package metadata

import (
	"context"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// Validate runs Lint on the file and, when it parses, Check against the release, and
// returns the union without the findings both report. It is the one call a build needs.
func Validate(file string, data []byte, opts CheckOptions) lint.Findings {
	found := Lint(file, data)
	m, err := Parse(file, data)
	if err != nil {
		return found
	}
	seen := map[lint.Finding]bool{}
	for _, f := range found {
		seen[f] = true
	}
	for _, f := range Check(file, m, opts) {
		if !seen[f] {
			found = append(found, f)
		}
	}
	found.Sort()
	return found
}

// ValidateFile is `metadata check --file`: it reads the metadata.yaml at file, takes
// the published versions from published or, when nil, from the git tags of the
// checkout holding it (History), and validates it for version.
func ValidateFile(ctx context.Context, file string, version layout.Version, published []string, ci bool) (lint.Findings, error) {
	data, err := fsx.ReadFile(file)
	if err != nil {
		return nil, err
	}
	h := ReadHistory(ctx, HistoryInput{Dir: filepath.Dir(file), File: file, Published: published, CI: ci})
	return append(h.Findings, Validate(file, data, CheckOptions{
		Version: version, Published: h.Published, Exempt: h.Exempt})...), nil
}
