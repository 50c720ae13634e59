package metadata

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// GitTags lists the tags of the git repository at repoDir that are release versions
// (layout.IsVersion), in ascending SemVer order. It runs `git -C repoDir tag --list`.
func GitTags(ctx context.Context, repoDir string) ([]string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "git", "-C", repoDir, "tag", "--list")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("listing git tags in %s: %w: %s (pass the provider's git checkout, with its tags fetched)",
			repoDir, err, strings.TrimSpace(stderr.String()))
	}
	var tags []string
	for _, t := range strings.Fields(stdout.String()) {
		if layout.IsVersion(t) {
			tags = append(tags, t)
		}
	}
	slices.SortStableFunc(tags, func(a, b string) int {
		va, _ := layout.ParseListed(a)
		vb, _ := layout.ParseListed(b)
		return va.Compare(vb)
	})
	return tags, nil
}
