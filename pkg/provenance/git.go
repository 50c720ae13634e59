package provenance

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/capirepo/capirepo/pkg/metadata"
)

// Checkout is the git checkout holding a build's configuration.
type Checkout struct {
	Root    string    // its top-level folder, symbolic links resolved ("" outside a checkout)
	Source            // commit, origin remote, uncommitted changes
	Changes []string  // `git status --porcelain` lines of the uncommitted changes
	Time    time.Time // the commit time
}

// ReadCheckout reads the git checkout holding dir: commit, origin remote (RemoteURI),
// commit time and uncommitted changes, changes below exclude (the build's own
// output folder) aside. Outside a checkout it returns a zero Checkout.
func ReadCheckout(ctx context.Context, dir string, exclude ...string) (Checkout, error) {
	commit := git(ctx, dir, "rev-parse", "HEAD")
	if commit == "" {
		return Checkout{}, nil
	}
	root := git(ctx, dir, "rev-parse", "--show-toplevel")
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	c := Checkout{Root: root, Time: metadata.CommitTime(ctx, dir, "HEAD"),
		Source: Source{Commit: commit, Remote: RemoteURI(git(ctx, dir, "remote", "get-url", "origin"))}}
	var err error
	c.Changes, c.Diff, err = changes(ctx, root, exclude)
	if err != nil {
		return Checkout{}, fmt.Errorf("reading the changes of the checkout %s: %w", root, err)
	}
	c.Dirty = len(c.Changes) > 0
	return c, nil
}

// Rel is path relative to the checkout's root as a slash path, the same however it
// was spelt; outside a checkout (or outside its root) the file's name.
func (c Checkout) Rel(path string) string {
	if c.Root != "" {
		if rel, ok := inside(c.Root, path); ok {
			return rel
		}
	}
	return filepath.Base(path)
}

// dirtyError names the uncommitted changes (the first few) and what to do.
func (c Checkout) dirtyError() error {
	shown := c.Changes
	more := ""
	if len(shown) > 5 {
		shown, more = shown[:5], fmt.Sprintf(" and %d more", len(c.Changes)-5)
	}
	return fmt.Errorf("%w in %s (%s%s): a signed statement would claim commit %s for them; commit or stash them, "+
		"or sign with --allow-dirty (the statement then records the uncommitted state and the digest of the changes)",
		ErrDirty, c.Root, strings.Join(shown, ", "), more, c.Commit)
}

func git(ctx context.Context, dir string, args ...string) string {
	out, err := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// buildTime is SOURCE_DATE_EPOCH when set, else the commit time; with neither it is
// an error, since a statement must not depend on the clock.
// The value is parsed by metadata.SourceDateEpoch, its one parser.
func buildTime(sourceDateEpoch string, commitTime time.Time) (time.Time, error) {
	t, err := metadata.SourceDateEpoch(sourceDateEpoch)
	if err != nil || !t.IsZero() {
		return t, err
	}
	if commitTime.IsZero() {
		return time.Time{}, fmt.Errorf("provenance needs a build time: build inside a git checkout or set SOURCE_DATE_EPOCH")
	}
	return commitTime, nil
}
