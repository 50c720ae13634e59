package metadata

import (
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Release creation times, for reproducible artifacts: never the clock.

// SourceDateEpoch parses a SOURCE_DATE_EPOCH value (seconds since 1970, spaces
// around it ignored); "" gives the zero time (not set). The one parser of it.
func SourceDateEpoch(v string) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, nil
	}
	sec, err := strconv.ParseInt(v, 10, 64)
	if err != nil || sec < 0 {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q is not a number of seconds since 1970", v)
	}
	return time.Unix(sec, 0).UTC(), nil
}

// CreatedFor gives each version's creation time: SOURCE_DATE_EPOCH (its value given
// here) when set, else the commit time of the version's tag in the git checkout at dir
// (TagCommitTime), zero without git. An invalid SOURCE_DATE_EPOCH is an error.
func CreatedFor(sourceDateEpoch, dir string) (func(version string) time.Time, error) {
	t, err := SourceDateEpoch(sourceDateEpoch)
	if err != nil {
		return nil, err
	}
	if !t.IsZero() {
		return func(string) time.Time { return t }, nil
	}
	return func(version string) time.Time { return TagCommitTime(dir, version) }, nil
}

// TagCommitTime is the commit time of the version's tag in the git checkout at dir,
// or of HEAD when there is no such tag; zero without git.
func TagCommitTime(dir, version string) time.Time {
	for _, rev := range []string{"refs/tags/" + version + "^{commit}", "HEAD"} {
		if t := CommitTime(context.Background(), dir, rev); !t.IsZero() {
			return t
		}
	}
	return time.Time{}
}

// CommitTime is the commit time of rev in the git checkout at dir; zero when git,
// the checkout or rev is missing. The one reader of a commit time.
func CommitTime(ctx context.Context, dir, rev string) time.Time {
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "log", "-1", "--format=%ct", rev, "--").Output()
	if err != nil {
		return time.Time{}
	}
	sec, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.Unix(sec, 0).UTC()
}
