package provenance

import (
	"context"
	"fmt"
	"net/url"
	"os/exec"
	"strings"
	"time"

	"github.com/capirepo/capirepo/pkg/metadata"
)

// readSource reads the commit, the origin remote and the commit time of the git
// checkout holding dir. Outside a checkout it returns a zero Source and time.
func readSource(ctx context.Context, dir string) (Source, time.Time) {
	commit := git(ctx, dir, "rev-parse", "HEAD")
	if commit == "" {
		return Source{}, time.Time{}
	}
	s := Source{Commit: commit, Remote: withoutCredentials(git(ctx, dir, "remote", "get-url", "origin"))}
	return s, metadata.CommitTime(ctx, dir, "HEAD")
}

func git(ctx context.Context, dir string, args ...string) string {
	out, err := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// withoutCredentials drops a user and password from a remote URL (a CI token in
// https://x-access-token:TOKEN@github.com/... must never reach a signed statement).
func withoutCredentials(remote string) string {
	u, err := url.Parse(remote)
	if err != nil || u.Scheme == "" || u.User == nil {
		return remote
	}
	u.User = nil
	return u.String()
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
