package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/spf13/cobra"
)

// notesFromDiffFlag adds --notes-from-diff PREVIOUS (publish github, publish gitlab).
func notesFromDiffFlag(cmd *cobra.Command, to *string) {
	cmd.Flags().StringVar(to, "notes-from-diff", "", "release notes from `capirepo diff -o markdown` PREVIOUS → this release: PREVIOUS is the earlier release as diff reads it (a build folder, a local repository or its published URL)")
}

// notesFromDiff is the release body of --notes-from-diff: diff's Markdown release
// notes from previous (read as diff reads it) to the --from folder, each side named
// by its versions.
func notesFromDiff(ctx context.Context, opts source.Options, previous, from string) (string, error) {
	sides, err := loadSides(ctx, opts, previous, from, diff.Load)
	if err != nil {
		return "", err
	}
	rep, err := diff.Compare(versionsOf(sides[0], previous), versionsOf(sides[1], from), sides[0], sides[1])
	if err != nil {
		return "", withCode(ExitInput, fmt.Errorf("--notes-from-diff: %w", err))
	}
	var b strings.Builder
	if err := rep.WriteMarkdown(&b); err != nil {
		return "", err
	}
	return b.String(), nil
}

// versionsOf names a side by the versions it holds (what a release page's reader
// knows), or by the argument when it holds none.
func versionsOf(in []inventory.Input, arg string) string {
	var vs []string
	for _, i := range in {
		if i.Version != "" && !slices.Contains(vs, i.Version) {
			vs = append(vs, i.Version)
		}
	}
	if len(vs) == 0 {
		return arg
	}
	return strings.Join(vs, ", ")
}

// countSet counts the flags of a group of exclusive ones that are set.
func countSet(set ...bool) int {
	n := 0
	for _, s := range set {
		if s {
			n++
		}
	}
	return n
}
