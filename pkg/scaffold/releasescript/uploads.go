package releasescript

import (
	"path"
	"regexp"
	"strings"
)

// Upload is a path a release pipeline uploads (a file, a glob, or a folder as DIR/*).
type Upload struct{ Path, At string }

var (
	listKey   = regexp.MustCompile(`^(\s*)(?:-\s+)?(files|PathtoPublish|pathToPublish|publish|path):\s*[|>]?[-+]?\s*(.*?)\s*$`)
	globKey   = regexp.MustCompile(`^\s*-?\s*glob:\s*["']?([^"'\s]+)`)
	ghRelease = regexp.MustCompile(`\bgh\s+release\s+(?:create|upload)\s+(.*)`)
	wsPrefix  = regexp.MustCompile(`^(?:\$\{\{[^}]*\}\}|\$\([^)]*\)|\$\{?[A-Za-z_]*WORKSPACE\}?|\$\{?CI_PROJECT_DIR\}?)/`)
)

// Uploads lists the paths every release pipeline's upload steps name.
func (h *Hints) Uploads() []Upload {
	var out []Upload
	for _, p := range h.Pipes {
		out = append(out, p.uploads(p.lookup(h.makefile))...)
	}
	return out
}

// uploads lists the paths a release pipeline's upload steps name: a workflow's files:
// list, gh release create/upload arguments, goreleaser's extra_files globs, an Azure
// publish: folder.
func (p *Pipeline) uploads(look func(string) (string, bool)) []Upload {
	if !p.Release {
		return nil
	}
	var out []Upload
	block := -1
	for i, l := range p.Lines {
		add := func(s string) {
			for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
				if f = cleanUpload(ExpandWith(f, look)); f != "" {
					out = append(out, Upload{Path: f, At: l.at})
				}
			}
		}
		indent := len(l.text) - len(strings.TrimLeft(l.text, " "))
		switch m := listKey.FindStringSubmatch(l.text); {
		case block >= 0 && indent > block:
			add(strings.TrimPrefix(strings.TrimSpace(l.text), "- "))
			continue
		case m != nil && m[2] == "files" && coverageStep(p.Lines, i):
			block = -1 // a coverage report's upload (codecov's files:), not a release asset
		case m != nil && (m[2] == "files" || p.Kind == "azure" && m[2] != "path"):
			block = -1
			if m[3] == "" {
				block = len(m[1])
			} else if p.Kind == "azure" {
				add(m[3] + "/*")
			} else {
				add(m[3])
			}
			continue
		}
		block = -1
		if m := globKey.FindStringSubmatch(l.text); m != nil && p.Kind == "goreleaser" {
			add(m[1])
		}
		if m := ghRelease.FindStringSubmatch(l.text); m != nil {
			add(releaseArgs(m[1]))
		}
	}
	return out
}

var coverageUses = regexp.MustCompile(`^\s*-?\s*uses:\s*\S*(codecov|coveralls|coverage)`)

// coverageStep says whether line i belongs to a step that uses a coverage uploader:
// the nearest uses: line of its step, looking back to the step's "- " start.
func coverageStep(lines []PipelineLine, i int) bool {
	for j := i; j >= max(0, i-6); j-- {
		t := lines[j].text
		if coverageUses.MatchString(t) {
			return true
		}
		if strings.HasPrefix(strings.TrimSpace(t), "- ") && j < i {
			return false
		}
	}
	return false
}

// releaseArgs keeps gh release's file arguments (paths, globs, YAML files).
func releaseArgs(args string) string {
	var keep []string
	skip := false
	for _, a := range ShellFields(args) {
		a = strings.Trim(a, `"'`)
		switch {
		case skip:
			skip = false
		case strings.HasPrefix(a, "-"):
			skip = !strings.Contains(a, "=") && a != "--draft" && a != "--prerelease" && a != "--generate-notes" && a != "--clobber"
		case strings.Contains(a, "/") || strings.Contains(a, "*") || strings.HasSuffix(a, ".yaml") || strings.HasSuffix(a, ".yml"):
			keep = append(keep, a)
		}
	}
	return strings.Join(keep, " ")
}

// cleanUpload drops quotes, the workspace prefix and ./ from an uploaded path ("" for
// words that are no path).
func cleanUpload(f string) string {
	f = strings.Trim(f, `"'`)
	for wsPrefix.MatchString(f) {
		f = wsPrefix.ReplaceAllString(f, "")
	}
	if f == "" || f == "|" || f == ">" || strings.HasPrefix(f, "$") || !strings.ContainsAny(f, "./*") {
		return ""
	}
	return path.Clean(strings.TrimPrefix(f, "./"))
}
