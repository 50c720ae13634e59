package metadata

import "github.com/capirepo/capirepo/pkg/lint"

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
