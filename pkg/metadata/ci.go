package metadata

import "strings"

// InCI reports whether the CI variable is set (GitHub Actions and GitLab CI set
// CI=true); "false" and "0" (any case, blanks trimmed) mean not. In CI, missing git
// tag information fails the metadata check (HistoryInput.CI).
func InCI(getenv func(string) string) bool {
	v := strings.ToLower(strings.TrimSpace(getenv("CI")))
	return v != "" && v != "false" && v != "0"
}
