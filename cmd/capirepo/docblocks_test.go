package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
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
// included, their indentation removed). A fence that is never closed is an error, and
// so is one closed only by the fence of another block (a fence with a language inside
// the block): Markdown would render the rest of the page as code.
func blocksOf(root, page string) ([]docBlock, error) {
	data, err := os.ReadFile(filepath.Join(root, page))
	if err != nil {
		return nil, err
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
			if o := fence.FindStringSubmatch(lines[i]); o != nil && o[3] != "" && len(o[2]) >= len(m[2]) {
				return nil, fmt.Errorf("%s: the block opened here is not closed before line %d opens another one", b.where(), i+1)
			}
			body = append(body, strings.TrimPrefix(lines[i], m[1]))
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s: the block opened here is never closed", b.where())
		}
		b.text = strings.Join(body, "\n") + "\n"
		out = append(out, b)
	}
	return out, nil
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

// parseMarker reads a block's "not run: REASON" marker (the reason). Any other
// instruction to the test in a marker is refused: it would be hidden from readers,
// who see only the block.
func parseMarker(b docBlock) (string, error) {
	switch {
	case strings.HasPrefix(b.marker, "not run:"):
		skip := strings.TrimSpace(strings.TrimPrefix(b.marker, "not run:"))
		if skip == "" {
			return "", fmt.Errorf("%s: <!-- not run: --> needs a reason", b.where())
		}
		return skip, nil
	case strings.HasPrefix(b.marker, "run:"):
		return "", fmt.Errorf("%s: <!-- %s --> is hidden from readers: put the cd (or the scratch copy) and the exit code (# exits N: why) in the block", b.where(), b.marker)
	}
	return "", nil // another comment: not about the block
}

// exitsComment is a command's visible note of the exit codes it ends with: "# exits 10: init asks".
var exitsComment = regexp.MustCompile(`#\s*exits\s+([0-9]+(?:\s*(?:,|or)\s*[0-9]+)*)\b[^#]*$`)

// allowedExits are the exit codes a command's comment allows besides 0.
func allowedExits(cmd string) []int {
	m := exitsComment.FindStringSubmatch(cmd)
	if m == nil {
		return nil
	}
	var out []int
	for _, f := range regexp.MustCompile(`[0-9]+`).FindAllString(m[1], -1) {
		n, _ := strconv.Atoi(f)
		out = append(out, n)
	}
	return out
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
