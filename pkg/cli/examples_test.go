package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestHelpExamples: every command's help has Examples:, each capirepo command line
// of them is one capirepo accepts (the command exists, its flags parse, its
// arguments and required flags are there), and each line is on the command's page,
// under "## Examples", where the docs test runs it.
func TestHelpExamples(t *testing.T) {
	t.Parallel()
	root := newRoot(Env{}.streams())
	cmds := []*cobra.Command{newHelpCmd()}
	walkCommands(root, func(c *cobra.Command) { cmds = append(cmds, c) })
	for _, c := range cmds {
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s: no Examples: in its help", c.CommandPath())
			continue
		}
		section := examplesSection(t, c)
		for _, line := range strings.Split(c.Example, "\n") {
			line = strings.TrimSpace(line)
			if !strings.Contains(section, line) {
				t.Errorf("%s: example line %q is not under ## Examples in docs/commands/%s", c.CommandPath(), line, docPage(c))
			}
			if args, ok := invocation(line); ok {
				if err := accepts(args); err != nil {
					t.Errorf("%s: example %q: %v", c.CommandPath(), line, err)
				}
			}
		}
	}
}

// examplesSection is the "## Examples" section of the command's page.
func examplesSection(t *testing.T, c *cobra.Command) string {
	page := readDoc(t, "commands/"+docPage(c))
	_, after, ok := strings.Cut(page, "\n## Examples\n")
	if !ok {
		return ""
	}
	if i := strings.Index(after, "\n## "); i >= 0 {
		after = after[:i]
	}
	return after
}

// invocation is the capirepo command line in an example line (up to a redirection,
// pipe or closing parenthesis), split as the shell would (quotes removed).
func invocation(line string) ([]string, bool) {
	i := strings.Index(line, "capirepo ")
	if i < 0 || strings.HasPrefix(line, "#") {
		return nil, false
	}
	rest := line[i+len("capirepo "):]
	if j := strings.IndexAny(rest, ">|)"); j >= 0 {
		rest = rest[:j]
	}
	var args []string
	var cur strings.Builder
	quote := rune(0)
	for _, r := range rest + " " {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '"' || r == '\''):
			quote = r
		case quote == 0 && r == ' ':
			if cur.Len() > 0 {
				args = append(args, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	return args, true
}

// accepts checks a command line as cobra would before running it, on a tree of its own.
func accepts(args []string) error {
	root := newRoot(Env{}.streams())
	root.InitDefaultHelpCmd()
	cmd, rest, err := root.Find(args)
	if err != nil {
		return err
	}
	if err := cmd.ParseFlags(rest); err != nil {
		return err
	}
	if cmd.Runnable() {
		if err := cmd.ValidateArgs(cmd.Flags().Args()); err != nil {
			return err
		}
	}
	return cmd.ValidateRequiredFlags()
}
