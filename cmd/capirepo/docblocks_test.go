package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docBlock is one fenced code block of a Markdown page.
type docBlock struct {
	file   string // relative to the repository root
	line   int    // the line of the opening fence
	lang   string
	text   string
	marker string // the HTML comment on the line before the fence, without <!-- -->
}

// where is "file:line" of the block.
func (b docBlock) where() string { return fmt.Sprintf("%s:%d", b.file, b.line) }

// docPages are README.md and every page of docs/, relative to root.
func docPages(t *testing.T, root string) []string {
	t.Helper()
	pages := []string{"README.md"}
	for _, glob := range []string{"docs/*.md", "docs/commands/*.md"} {
		found, err := filepath.Glob(filepath.Join(root, glob))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range found {
			rel, _ := filepath.Rel(root, f)
			pages = append(pages, filepath.ToSlash(rel))
		}
	}
	return pages
}

var (
	fence     = regexp.MustCompile("^(\\s*)(```+)\\s*([A-Za-z0-9_+-]*)\\s*$")
	htmlNote  = regexp.MustCompile(`^\s*<!--\s*(.*?)\s*-->\s*$`)
	closeWith = func(indent, ticks string) *regexp.Regexp {
		return regexp.MustCompile("^" + regexp.QuoteMeta(indent) + "\\s{0,3}" + regexp.QuoteMeta(ticks) + "`*\\s*$")
	}
)

// blocksOf cuts a page into its fenced code blocks (indented ones inside lists
// included, their indentation removed).
func blocksOf(t *testing.T, root, page string) []docBlock {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, page))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var out []docBlock
	for i := 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		b := docBlock{file: page, line: i + 1, lang: m[3], marker: markerBefore(lines, i)}
		end := closeWith(m[1], m[2])
		var body []string
		for i++; i < len(lines) && !end.MatchString(lines[i]); i++ {
			body = append(body, strings.TrimPrefix(lines[i], m[1]))
		}
		b.text = strings.Join(body, "\n") + "\n"
		out = append(out, b)
	}
	return out
}

// markerBefore is the HTML comment on the nearest non-blank line above line i.
func markerBefore(lines []string, i int) string {
	for j := i - 1; j >= 0; j-- {
		if strings.TrimSpace(lines[j]) == "" {
			continue
		}
		if m := htmlNote.FindStringSubmatch(lines[j]); m != nil {
			return m[1]
		}
		return ""
	}
	return ""
}

// runMarker is what a block's marker asks: not run (and why), the folder it runs in
// (relative to the repository root), a command to run first, the exit codes it may end
// with besides 0.
type runMarker struct {
	skip, in, before string
	exits            []int
}

// parseMarker reads "not run: REASON" or "run: in DIR; before: CMD; exits: N,M".
func parseMarker(b docBlock) (runMarker, error) {
	var m runMarker
	switch {
	case b.marker == "":
		return m, nil
	case strings.HasPrefix(b.marker, "not run:"):
		m.skip = strings.TrimSpace(strings.TrimPrefix(b.marker, "not run:"))
		if m.skip == "" {
			return m, fmt.Errorf("%s: <!-- not run: --> needs a reason", b.where())
		}
		return m, nil
	case !strings.HasPrefix(b.marker, "run:"):
		return m, nil // another comment: not about the block
	}
	for _, part := range strings.Split(strings.TrimPrefix(b.marker, "run:"), ";") {
		key, value, _ := strings.Cut(strings.TrimSpace(part), ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		switch {
		case strings.HasPrefix(key, "in "):
			m.in = strings.TrimSpace(strings.TrimPrefix(key, "in "))
		case key == "before":
			m.before = value
		case key == "exits":
			for _, n := range strings.Split(value, ",") {
				var code int
				if _, err := fmt.Sscanf(strings.TrimSpace(n), "%d", &code); err != nil {
					return m, fmt.Errorf("%s: exits: %q is not a number", b.where(), n)
				}
				m.exits = append(m.exits, code)
			}
		default:
			return m, fmt.Errorf("%s: unknown run marker part %q (want in DIR, before: CMD, exits: N)", b.where(), part)
		}
	}
	return m, nil
}

// commands cuts a shell block into its commands: lines joined at a trailing
// backslash, comments and blank lines left out.
func commands(text string) []string {
	var out []string
	var cur string
	for _, l := range strings.Split(text, "\n") {
		if cur == "" && (strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#")) {
			continue
		}
		if strings.HasSuffix(l, "\\") {
			cur += strings.TrimSuffix(l, "\\") + " "
			continue
		}
		out = append(out, cur+l)
		cur = ""
	}
	return out
}
