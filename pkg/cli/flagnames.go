package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// One name per meaning across commands (docs/commands/README.md, "Flag names"):
// -o/--output for the report format, --replace to overwrite what is published,
// --verify-key for the public key that verifies input, --gitlab-url for a GitLab
// server, --jobs for parallelism. An old name stays one minor release as a hidden
// alias that sets the same value and prints a deprecation note on stderr.

// rename is an old flag name of a command that its current name replaced.
type rename struct{ command, old, name string }

// renames are the old flag names still accepted (docs/commands/README.md lists them).
func renames() []rename {
	out := []rename{
		{"publish local", "force", "replace"}, {"mirror", "force", "replace"},
		{"verify", "key", "verify-key"},
		{"publish gitlab", "url", "gitlab-url"},
		{"mirror", "image-jobs", "jobs"},
	}
	for _, c := range []string{"lint", "verify", "diff", "vars", "init", "publish local", "publish github",
		"publish gitlab", "publish oci", "publish configmaps"} {
		out = append(out, rename{c, "format", "output"})
	}
	return out
}

// addRenames adds every old name to its command as an alias of the current one.
func addRenames(root *cobra.Command, w io.Writer) {
	for _, r := range renames() {
		cmd, _, err := root.Find(strings.Fields(r.command))
		if err != nil || cmd.Flags().Lookup(r.name) == nil {
			continue // TestRenamesResolve fails on it
		}
		aliasFlag(cmd, w, r.name, r.old)
	}
}

// aliasFlag adds old as a hidden spelling of the flag name: giving it sets the flag's
// value, marks the flag as given (required flags and Changed see it) and prints a
// deprecation note on stderr (cobra's MarkDeprecated would print it on stdout, where
// it would break a JSON report).
func aliasFlag(cmd *cobra.Command, w io.Writer, name, old string) {
	f := cmd.Flags()
	target := f.Lookup(name)
	note := fmt.Sprintf("Flag --%s has been deprecated, use %s instead (--%s is removed after the next minor release)", old, flagSpelling(target), old)
	f.AddFlag(&pflag.Flag{Name: old, Usage: target.Usage, DefValue: target.DefValue, Hidden: true,
		NoOptDefVal: target.NoOptDefVal, Value: aliasValue{target.Value, target, w, note}})
}

// flagSpelling is "-o/--output" or "--replace".
func flagSpelling(f *pflag.Flag) string {
	if f.Shorthand != "" {
		return "-" + f.Shorthand + "/--" + f.Name
	}
	return "--" + f.Name
}

// aliasValue sets the current flag's value, marks it as given and says the old name
// is deprecated.
type aliasValue struct {
	pflag.Value
	target *pflag.Flag
	w      io.Writer
	note   string
}

func (a aliasValue) Set(s string) error {
	fmt.Fprintln(a.w, a.note)
	a.target.Changed = true
	return a.Value.Set(s)
}

// IsBoolFlag lets a bool alias be given without a value, as its flag is.
func (a aliasValue) IsBoolFlag() bool { return a.target.NoOptDefVal == "true" }

// outputFlag adds -o/--output with its formats (the first is the default).
func outputFlag(cmd *cobra.Command, p *string, usage string, formats []string) {
	cmd.Flags().StringVarP(p, "output", "o", formats[0], usage+": "+strings.Join(formats, "|"))
}

// checkOutput refuses an --output value the command does not write.
func checkOutput(value string, formats []string) error {
	if slices.Contains(formats, value) {
		return nil
	}
	return usageErr(fmt.Errorf("--output %q: want one of %s", value, strings.Join(formats, ", ")))
}

// reportFormats are the formats of a report without findings; a report with findings
// takes lint.Formats (text, json, github, sarif).
func reportFormats() []string { return []string{"text", "json"} }
