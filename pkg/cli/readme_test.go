package cli

import (
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestReadmeDocumentsEveryCommandAndFlag: README names every command (as a
// "### `capirepo <command>" heading) with every flag of it in that section, and
// gives it a row in the exit-code table.
func TestReadmeDocumentsEveryCommandAndFlag(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	exits := readme[strings.Index(readme, "## Exit codes"):]
	exits = exits[:strings.Index(exits[3:], "\n## ")+3]
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
			return
		}
		if c.Runnable() && !c.HasSubCommands() {
			path := c.CommandPath()
			if c.Parent() != nil && c.Parent().Name() == "completion" {
				path = "capirepo completion"
			}
			row := strings.TrimPrefix(path, "capirepo ")
			if !strings.Contains(exits, "| `"+row+"`") && !strings.Contains(exits, ", `"+row+"`") {
				t.Errorf("README's exit-code table has no row for %s", row)
			}
			sec := section(readme, path)
			if sec == "" {
				t.Errorf("README has no section headed ### `%s", path)
				return
			}
			c.LocalFlags().VisitAll(func(f *pflag.Flag) {
				if !f.Hidden && f.Name != "help" && !strings.Contains(sec, "--"+f.Name) {
					t.Errorf("README's section on %s does not mention --%s", path, f.Name)
				}
			})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(Env{}.streams()))
}

// section is README's text from the heading "### `<path>" to the next heading.
func section(readme, path string) string {
	i := strings.Index(readme, "### `"+path)
	if i < 0 {
		return ""
	}
	rest := readme[i+4:]
	if j := strings.Index(rest, "\n## "); j >= 0 {
		rest = rest[:j]
	}
	if j := strings.Index(rest, "\n### "); j >= 0 {
		rest = rest[:j]
	}
	return rest
}
