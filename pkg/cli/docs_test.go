package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// docsRoot is the repository's docs folder, seen from this package.
const docsRoot = "../../docs"

// walkCommands calls fn for every visible command of the tree.
func walkCommands(c *cobra.Command, fn func(*cobra.Command)) {
	if c.Hidden || c.Name() == "help" {
		return
	}
	fn(c)
	for _, sub := range c.Commands() {
		walkCommands(sub, fn)
	}
}

func readDoc(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(docsRoot, name))
	if err != nil {
		t.Fatalf("%v: every command needs its page in docs/", err)
	}
	return string(data)
}

// TestDocsDocumentEveryCommandAndFlag: every command has its page in docs/commands,
// headed "# `capirepo <command>", that mentions every flag of the command.
func TestDocsDocumentEveryCommandAndFlag(t *testing.T) {
	t.Parallel()
	walkCommands(newRoot(Env{}.streams()), func(c *cobra.Command) {
		if !c.Runnable() { // a group (mirror runs and holds relink: it has its page)
			return
		}
		page := readDoc(t, "commands/"+docPage(c))
		path := c.CommandPath()
		if c.Parent().Name() == "completion" {
			path = "capirepo completion"
		}
		if !strings.HasPrefix(page, "# `"+path) {
			t.Errorf("docs/commands/%s does not start with the heading # `%s", docPage(c), path)
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden && f.Name != "help" && !strings.Contains(page, "--"+f.Name) {
				t.Errorf("docs/commands/%s does not mention --%s of %s", docPage(c), f.Name, path)
			}
		})
	})
}

// TestHelpNamesDocPage: every command's --help ends with the address of its page,
// and that page exists.
func TestHelpNamesDocPage(t *testing.T) {
	t.Parallel()
	walkCommands(newRoot(Env{}.streams()), func(c *cobra.Command) {
		args := append(strings.Fields(c.CommandPath())[1:], "--help")
		var out bytes.Buffer
		if code := Run(context.Background(), args, Env{Getenv: MapEnv(nil), Stdout: &out, Stderr: &out}); code != ExitOK {
			t.Fatalf("%v: exit %d", args, code)
		}
		if want := "Reference: " + docsURL + docPage(c); !strings.Contains(out.String(), want) {
			t.Errorf("capirepo %s does not name %q", strings.Join(args, " "), want)
		}
		if _, err := os.Stat(filepath.Join(docsRoot, "commands", docPage(c))); err != nil {
			t.Errorf("%s names a missing page: %v", c.CommandPath(), err)
		}
	})
}

// markdownLink is a relative link target of a markdown file: path and anchor.
var markdownLink = regexp.MustCompile(`\]\(([^)#:]*)(#[^)]*)?\)`)

// TestDocsLinksResolve: every relative link of README.md and docs/ names a file that
// exists, and an anchor of a heading there.
func TestDocsLinksResolve(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(docsRoot, "*.md"))
	more, _ := filepath.Glob(filepath.Join(docsRoot, "commands", "*.md"))
	for _, file := range append(append(files, more...), "../../README.md") {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range markdownLink.FindAllStringSubmatch(string(data), -1) {
			target := file
			if m[1] != "" {
				target = filepath.Join(filepath.Dir(file), m[1])
			}
			linked, err := os.ReadFile(target)
			if err != nil {
				t.Errorf("%s links to %s: %v", file, m[1], err)
				continue
			}
			if m[2] != "" && !hasAnchor(string(linked), m[2][1:]) {
				t.Errorf("%s links to %s%s: no such heading", file, m[1], m[2])
			}
		}
	}
}

// hasAnchor reports whether a heading of the markdown text has GitHub's anchor name.
func hasAnchor(text, anchor string) bool {
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		h = regexp.MustCompile(`[^a-z0-9 _-]`).ReplaceAllString(h, "")
		if strings.ReplaceAll(h, " ", "-") == anchor {
			return true
		}
	}
	return false
}
